import { CHANGE_KIND_NAMES, hasAccess, type TChangePolicy, type TChangePolicyUpdate } from '@kassa/domain';
import { ChangeRequested } from '../../lib/change-requested.ts';
import { badRequest, forbidden, HttpError, notFoundAt } from '../../lib/http-error.ts';
import type { Actor, PersonActor } from '../../plugins/actor.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { replayableWrite, type Replayable } from '../../query/crud.ts';
import { getEntity } from '../../query/repository.ts';
import { findOrganisationInSubtree } from '../../query/write.repository.ts';
import { rowConditions } from '../../query/where.ts';
import { announceChange } from './change-events.ts';
import { bodyToApply, effectivePolicy } from './change-gate.ts';
import { changeRequestEntity } from './change-request.entity.ts';
import {
  countAwaiting,
  findExpiredPending,
  lockChangeRequest,
  markDecided,
  markExpired,
  upsertPolicy,
  type LockedChangeRequest,
} from './change-request.repository.ts';

/** The roles a person needs to decide a request: those of making the change itself. */
const rolesToDecide = (crud: Replayable, action: LockedChangeRequest['action']) =>
  action === 'create' ? crud.roles.create : action === 'delete' ? (crud.roles.delete ?? []) : crud.roles.update;

const lockInScope = async (tx: Queryable, actor: Actor, id: string) => {
  const request = await lockChangeRequest(tx, id, rowConditions(changeRequestEntity, actor.scope));
  if (!request) throw notFoundAt('params.id', 'Change request');
  return request;
};

const isOwn = (request: LockedChangeRequest, actor: Actor) =>
  request.requested_by === actor.userId || request.key_owner === actor.userId;

/** Applies the request's body through the same write path as its author's call, in `tx`, against its base version. */
const apply = async (db: Db, tx: Queryable, actor: PersonActor, request: LockedChangeRequest, crud: Replayable) => {
  if (crud.settle) return crud.settle(tx, actor.audit, String(request.entity_id), request.id, 'approved');
  const body = bodyToApply(request);
  const replaying: PersonActor = {
    ...actor,
    change: undefined,
    answer: undefined,
    replay: { tx, changeRequest: request.id, baseVersion: request.base_version },
  };
  const id = String(request.entity_id);
  if (request.action === 'create') return crud.create(db, replaying, body);
  if (request.action === 'update') return crud.update(db, replaying, id, body);
  if (!crud.remove) throw new HttpError(409, 'not_pending', 'This change can no longer be applied');
  return crud.remove(db, replaying, id);
};

/**
 * Approves or rejects a request. A person only (never a key), never its author (nor through the
 * author's key), holding the roles of the change itself. Approving applies exactly the stored
 * body in the same transaction as the decision and its audit entries; the row lock on the request
 * lets one of two racing approvals apply and the other find it decided (409). An emergency change
 * already applied is approved (or rejected) after the fact.
 */
export const decideChangeRequest = async (
  db: Db,
  actor: PersonActor,
  roles: readonly string[],
  id: string,
  verdict: 'approve' | 'reject',
  comment: string,
) => {
  if (actor.audit.authentication !== 'jwt')
    throw new HttpError(403, 'approval_by_key', 'A change request is decided by a person, not by an API key');
  if (verdict === 'reject' && !comment) throw badRequest('body.comment', 'Say why the change is rejected');
  await db.transaction(async (tx) => {
    const request = await lockInScope(tx, actor, id);
    if (isOwn(request, actor))
      throw new HttpError(403, 'self_approval', 'A change request is decided by someone other than its author');
    const crud = replayableWrite(request.kind);
    if (!crud || !hasAccess(roles, rolesToDecide(crud, request.action)))
      throw forbidden('You do not have the role needed to make this change');
    if ((request.status === 'pending' && request.expired) || request.status === 'expired')
      throw new HttpError(409, 'change_request_expired', 'This change request has expired; its author may renew it');
    if (request.status !== 'pending' && request.status !== 'emergency')
      throw new HttpError(409, 'not_pending', `This change request is already ${request.status}`);
    if (verdict === 'approve' && request.status === 'pending') await apply(db, tx, actor, request, crud);
    // A change made at once that waited for this (an API key): rejected, it is undone.
    if (verdict === 'reject' && request.status === 'pending' && crud.settle)
      await crud.settle(tx, actor.audit, String(request.entity_id), request.id, 'rejected');
    await markDecided(tx, id, verdict === 'approve' ? 'approved' : 'rejected', {
      userId: actor.userId,
      name: actor.audit.userName ?? null,
      comment: comment || null,
    });
    await recordAudit(tx, {
      ...actor.audit,
      type: `change_request_${verdict === 'approve' ? 'approved' : 'rejected'}`,
      responseCode: 200,
      entity: 'change_request',
      entityId: id,
      detail: { kind: request.kind, action: request.action, emergency: request.status === 'emergency' },
    });
    await announceChange(tx, id, verdict === 'approve' ? 'approved' : 'rejected');
  });
  return getEntity(db, changeRequestEntity, actor.scope, id);
};

/** The author takes a pending request back. */
export const withdrawChangeRequest = async (db: Db, actor: Actor, id: string) => {
  await db.transaction(async (tx) => {
    const request = await lockInScope(tx, actor, id);
    if (!isOwn(request, actor)) throw forbidden('Only the author withdraws a change request');
    if (request.status !== 'pending')
      throw new HttpError(409, 'not_pending', `This change request is ${request.status}`);
    const crud = replayableWrite(request.kind);
    if (crud?.settle) await crud.settle(tx, actor.audit, String(request.entity_id), request.id, 'rejected');
    await markDecided(tx, id, 'withdrawn', { userId: actor.userId, name: actor.audit.userName ?? null, comment: null });
    await announceChange(tx, id, 'withdrawn');
  });
  return getEntity(db, changeRequestEntity, actor.scope, id);
};

/**
 * The author asks again against the item as it is now (after a stale-base 409 or expiry): the same
 * body goes through the write path anew (a new request, answered 202) and this one is withdrawn.
 */
export const renewChangeRequest = async (db: Db, actor: PersonActor, id: string): Promise<never> => {
  const request = await db.transaction((tx) => lockInScope(tx, actor, id));
  if (!isOwn(request, actor)) throw forbidden('Only the author renews a change request');
  // An expired request (marked so by the sweep) is renewed too; it stays expired, a pending one is withdrawn.
  if (request.status !== 'pending' && request.status !== 'expired')
    throw new HttpError(409, 'not_pending', `This change request is ${request.status}`);
  const retire = () => (request.status === 'pending' ? withdrawChangeRequest(db, actor, id) : undefined);
  const crud = replayableWrite(request.kind);
  // A key's request is not asked again: the key was made with it (a new key is a new request).
  if (!crud || crud.settle) throw new HttpError(409, 'not_pending', 'This change can no longer be asked');
  const asking: PersonActor = { ...actor, change: { note: request.note, mayApplyAtOnce: false } };
  const body = bodyToApply(request);
  try {
    if (request.action === 'create') await crud.create(db, asking, body);
    else if (request.action === 'update') await crud.update(db, asking, String(request.entity_id), body);
    else await crud.remove?.(db, asking, String(request.entity_id));
  } catch (error) {
    if (error instanceof ChangeRequested) await retire();
    throw error;
  }
  // The policy no longer asks for a second person: the change was applied as it was renewed.
  await retire();
  throw new HttpError(409, 'not_pending', 'The policy no longer asks for approval: the change was applied');
};

/** How many requests the person could decide now (the menu's badge): others' requests of kinds whose roles they hold. */
export const countDecidable = async (db: Db, actor: Actor, roles: readonly string[]) => {
  const kinds = CHANGE_KIND_NAMES.filter((kind) => {
    const crud = replayableWrite(kind);
    return crud && hasAccess(roles, crud.roles.update);
  });
  if (actor.audit.authentication !== 'jwt' || kinds.length === 0) return { count: 0 };
  return { count: await countAwaiting(db, actor.userId, kinds, rowConditions(changeRequestEntity, actor.scope)) };
};

const organisationOf = async (db: Queryable, actor: Actor, organisation: string | undefined) => {
  const org = await findOrganisationInSubtree(db, organisation ?? actor.organisation.id, actor.organisation.path);
  if (!org) throw notFoundAt(organisation ? 'body.organisation' : 'query.organisation', 'Organisation');
  return org.id;
};

/** An organisation's policy: its own kinds, those imposed from above, and what applies. */
export const getChangePolicy = async (db: Db, actor: Actor, organisation?: string): Promise<TChangePolicy> => {
  const id = await organisationOf(db, actor, organisation).catch(() => {
    throw notFoundAt('query.organisation', 'Organisation');
  });
  const policy = await effectivePolicy(db, id);
  return {
    organisation: id,
    kinds: policy.own,
    imposed: policy.imposed,
    effective: policy.kinds,
    expiry_hours: policy.expiryHours,
  };
};

/** Sets the organisation's own kinds (those imposed from above stay whatever it sends). */
export const setChangePolicy = async (db: Db, actor: Actor, body: TChangePolicyUpdate): Promise<TChangePolicy> => {
  const id = await organisationOf(db, actor, body.organisation);
  await db.transaction(async (tx) => {
    const current = await effectivePolicy(tx, id);
    const hours = body.expiry_hours ?? current.expiryHours;
    await upsertPolicy(tx, id, [...new Set(body.kinds)], hours, actor.userId);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'change_policy_updated',
      responseCode: 200,
      entity: 'organisation',
      entityId: id,
      detail: { kinds: body.kinds, expiry_hours: hours },
    });
  });
  return getChangePolicy(db, actor, id);
};

/**
 * The expiry sweep: every pending request past its expiry is marked expired, each in its own
 * transaction with its audit entry, its `change_request.expired` webhook and, for a key made under
 * the policy, the key's revocation (a key nobody approved never starts working). Safe to repeat
 * and to race: the conditional update lets one sweep expire a request, the other skips it.
 * Answers how many this run expired.
 */
export const expireChangeRequests = async (db: Db, batch = 200): Promise<number> => {
  let expired = 0;
  for (const id of await findExpiredPending(db, batch)) {
    const done = await db.transaction(async (tx) => {
      const request = await markExpired(tx, id);
      if (!request) return false;
      const by = { ...SYSTEM_ACTOR, organisationId: request.organisation_id };
      const crud = replayableWrite(request.kind);
      if (crud?.settle && request.entity_id) await crud.settle(tx, by, request.entity_id, request.id, 'expired');
      await recordAudit(tx, {
        ...by,
        type: 'change_request_expired',
        responseCode: 200,
        entity: 'change_request',
        entityId: request.id,
        detail: { kind: request.kind, action: request.action },
      });
      await announceChange(tx, request.id, 'expired');
      return true;
    });
    if (done) expired++;
  }
  return expired;
};
