import { TransitionError, type TReviewAssign, type TReviewOutcome, type TransactionStatus } from '@kassa/domain';
import { notFoundAt } from '../../lib/http-error.ts';
import { recordAudit, SYSTEM_ACTOR } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Scope } from '../../query/scope.ts';
import { markLinkPaidByTransaction } from '../payments/link.repository.ts';
import { transitionTransaction } from '../payments/lifecycle.service.ts';
import { assertMayDecide } from './review-dashboard.service.ts';
import {
  assignableUser,
  assignReviewCase,
  expiringReviewCases,
  expiryPolicyOf,
  lockReviewCase,
  writeReviewDecision,
} from './review-case.repository.ts';

type Decision = 'approve' | 'decline';
type Outcome = TReviewOutcome['results'][number]['outcome'];
type By = { scope: Scope | null; userId: string | null; via: 'reviewer' | 'policy'; audit: Actor['audit'] | null };

/**
 * Decides one held payment under the row locks of its case and its transaction: approve captures
 * it (SETTLEMENT_REQUESTED), decline voids the authorisation (AUTHORIZATION_VOIDED). A second,
 * racing decision waits for the lock and then finds the case decided: a payment is captured once.
 * A transaction someone moved meanwhile (captured or voided through its own route) is left alone.
 */
const decideOne = async (
  tx: Queryable,
  id: string,
  decision: Decision,
  reason: string | null,
  by: By,
  now = new Date(),
): Promise<Outcome> => {
  const locked = await lockReviewCase(tx, by.scope, id);
  if (!locked) return 'not_found';
  if (locked.status !== 'PENDING') return 'already_decided';
  const to: TransactionStatus = decision === 'approve' ? 'SETTLEMENT_REQUESTED' : 'AUTHORIZATION_VOIDED';
  const why =
    decision === 'approve'
      ? by.via === 'policy'
        ? 'Approved by the review expiry policy'
        : 'Approved in review'
      : `Declined in review: ${reason ?? 'not decided before the authorisation would expire'}`;
  try {
    await transitionTransaction(tx, { id: locked.transaction_id, status: locked.transaction_status }, to, why, now);
  } catch (error) {
    if (error instanceof TransitionError) return 'already_decided';
    throw error;
  }
  if (decision === 'approve') await markLinkPaidByTransaction(tx, locked.transaction_id);
  await writeReviewDecision(
    tx,
    { id, transactionId: locked.transaction_id },
    { status: decision === 'approve' ? 'APPROVED' : 'DECLINED', by: by.userId, via: by.via, reason, at: now },
  );
  await recordAudit(tx, {
    ...(by.audit ?? { ...SYSTEM_ACTOR, organisationId: locked.organisation_id }),
    type: decision === 'approve' ? 'review_approved' : 'review_declined',
    responseCode: 200,
    entity: 'review',
    entityId: id,
    transactionId: locked.transaction_id,
    detail: { from: locked.transaction_status, to, via: by.via, reason },
  });
  return decision === 'approve' ? 'approved' : 'declined';
};

const byPerson = (actor: Actor): By => ({
  scope: actor.scope,
  userId: actor.userId,
  via: 'reviewer',
  audit: actor.audit,
});

/** Approves or declines each case in its own database transaction; answers per case what happened. */
export const decideReviews = async (
  db: Db,
  actor: Actor,
  ids: string[],
  decision: Decision,
  reason: string | null,
): Promise<TReviewOutcome> => {
  await assertMayDecide(db, actor);
  const results: TReviewOutcome['results'] = [];
  for (const id of [...new Set(ids)])
    results.push({ id, outcome: await db.transaction((tx) => decideOne(tx, id, decision, reason, byPerson(actor))) });
  return { results };
};

/** Assigns cases to the caller (`me`), to a user of the case's merchant or the provider, or to no one. */
export const assignReviews = async (db: Db, actor: Actor, body: TReviewAssign): Promise<TReviewOutcome> => {
  await assertMayDecide(db, actor);
  const assignee = body.assignee === 'me' ? actor.userId : body.assignee;
  const results: TReviewOutcome['results'] = [];
  for (const id of [...new Set(body.ids)]) {
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const locked = await lockReviewCase(tx, actor.scope, id);
      if (!locked) return 'not_found';
      if (locked.status !== 'PENDING') return 'already_decided';
      // Someone outside the case's merchant and the provider is answered like an unknown user.
      if (assignee && !(await assignableUser(tx, assignee, locked.merchant_id)))
        throw notFoundAt('body.assignee', 'User');
      await assignReviewCase(tx, id, assignee);
      await recordAudit(tx, {
        ...actor.audit,
        type: 'review_assigned',
        responseCode: 200,
        entity: 'review',
        entityId: id,
        transactionId: locked.transaction_id,
        detail: { assigned_to: assignee },
      });
      return 'assigned';
    });
    results.push({ id, outcome });
  }
  return { results };
};

/**
 * The expiry policy: a held payment nobody decided before its authorisation would lapse is
 * approved or declined as the merchant's setting says (decline by default), by the system.
 * Safe on several workers: a case is locked and decided only while still PENDING.
 */
export const applyReviewExpiryPolicy = async (db: Db, now: Date = new Date(), batch = 200): Promise<number> => {
  let decided = 0;
  for (const id of await expiringReviewCases(db, now, batch)) {
    const outcome = await db.transaction(async (tx) => {
      const locked = await lockReviewCase(tx, null, id);
      if (!locked || locked.status !== 'PENDING') return 'already_decided';
      const policy = await expiryPolicyOf(tx, locked.merchant_id);
      return decideOne(tx, id, policy, null, { scope: null, userId: null, via: 'policy', audit: null }, now);
    });
    if (outcome === 'approved' || outcome === 'declined') decided++;
  }
  return decided;
};
