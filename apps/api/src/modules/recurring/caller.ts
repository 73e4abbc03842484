import { badRequest, notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { findOrganisationInSubtree } from '../settings/organisation.repository.ts';

/** For lookups that are not an entity read: the same 404 getEntity answers when given the input path. */
export { notFoundAt };

export type Owner = { organisationId: string; merchantId: string };

/**
 * The organisation a new plan or discount belongs to: the one named in the body (inside the
 * caller's subtree) or the caller's own. Provider staff must name the merchant.
 */
export const resolveOwner = async (db: Queryable, caller: Actor, organisationId: string | null): Promise<Owner> => {
  const id = organisationId ?? caller.organisation.id;
  const org = await findOrganisationInSubtree(db, id, caller.organisation.path);
  if (!org) throw notFoundAt('body.organisation', 'Organisation');
  if (org.type === 'provider' || !org.merchant_id) {
    throw badRequest('body.organisation', 'Choose the merchant organisation this belongs to');
  }
  return { organisationId: org.id, merchantId: org.merchant_id };
};

/** True for PostgreSQL's unique-violation error (a race lost against a unique index). */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';
