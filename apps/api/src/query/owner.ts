import { badRequest, notFoundAt } from '../lib/http-error.ts';
import type { Actor } from '../plugins/actor.ts';
import type { Queryable } from '../plugins/db/index.ts';
import { scopeOfOrganisation, type Scope } from './scope.ts';
import { findOrganisationInSubtree, findOrganisationWithSubtree } from './write.repository.ts';

export type Owner = { organisationId: string; merchantId: string | null };

/**
 * The organisation a new row belongs to: the one named in the body (inside the actor's subtree)
 * or the actor's own. Provider staff must name the merchant.
 */
export const resolveOwner = async (
  db: Queryable,
  actor: Actor,
  organisationId: string | null,
): Promise<{ organisationId: string; merchantId: string }> => {
  const id = organisationId ?? actor.organisation.id;
  const org = await findOrganisationInSubtree(db, id, actor.organisation.path);
  if (!org) throw notFoundAt('body.organisation', 'Organisation');
  if (org.type === 'provider' || !org.merchant_id) {
    throw badRequest('body.organisation', 'Choose the merchant organisation this belongs to');
  }
  return { organisationId: org.id, merchantId: org.merchant_id };
};

/** The owner of the provider's shared catalogue (processors, middleware): the provider organisation, named in the body. */
export const resolveProviderOwner = async (
  db: Queryable,
  actor: Actor,
  organisationId: string | null,
): Promise<Owner> => {
  const org = await findOrganisationInSubtree(db, organisationId ?? actor.organisation.id, actor.organisation.path);
  if (!org) throw notFoundAt('body.organisation', 'Organisation');
  if (org.type !== 'provider')
    throw badRequest('body.organisation', 'Processors and middleware belong to the provider organisation');
  return { organisationId: org.id, merchantId: null };
};

/**
 * What the owner of a row may see, as a user of that organisation would: a merchant its whole
 * merchant, a sub-organisation only its own subtree (never its parent's or a sibling's rows). The
 * references a row holds are checked in this scope, whoever writes it, so provider staff cannot
 * tie one merchant's profile to another merchant's routing.
 */
export const ownerScope = async (db: Queryable, organisationId: string): Promise<Scope> => {
  const org = await findOrganisationWithSubtree(db, organisationId);
  // An owner that no longer exists owns nothing: every reference is outside its scope.
  if (!org) return { kind: 'orgs', orgIds: [], orgPath: '\u0000' };
  return scopeOfOrganisation(org, org.subtree);
};
