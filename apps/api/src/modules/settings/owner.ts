import { badRequest, notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { findOrganisationInSubtree } from './organisation.repository.ts';

export type Owner = { organisationId: string; merchantId: string };

/**
 * The organisation a new plan or discount belongs to: the one named in the body (inside the
 * actor's subtree) or the actor's own. Provider staff must name the merchant.
 */
export const resolveOwner = async (db: Queryable, actor: Actor, organisationId: string | null): Promise<Owner> => {
  const id = organisationId ?? actor.organisation.id;
  const org = await findOrganisationInSubtree(db, id, actor.organisation.path);
  if (!org) throw notFoundAt('body.organisation', 'Organisation');
  if (org.type === 'provider' || !org.merchant_id) {
    throw badRequest('body.organisation', 'Choose the merchant organisation this belongs to');
  }
  return { organisationId: org.id, merchantId: org.merchant_id };
};
