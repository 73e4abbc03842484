import type { TReviewDashboard } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import {
  approvedFared,
  dashboardScope,
  decisionsPerReviewer,
  merchantMayReview,
  queueNow,
} from './review-dashboard.repository.ts';

const DAY = 86_400_000;

/** Provider staff always decide; the merchant's own users where the provider allows it (docs/decisions.md). */
export const mayDecide = (q: Queryable, actor: Actor) =>
  actor.scope.kind === 'all' ? Promise.resolve(true) : merchantMayReview(q, actor.scope);

/** Refuses a decision or assignment by the merchant's users where the provider reviews for them. */
export const assertMayDecide = async (q: Queryable, actor: Actor) => {
  if (!(await mayDecide(q, actor)))
    throw new HttpError(
      403,
      'review_by_provider_only',
      "The provider reviews this merchant's held payments; its own users can only look at them",
    );
};

/** `GET /v1/review/dashboard`: the queue now, the decisions of the last `days` days and how approved payments fared. */
export const reviewDashboard = async (
  q: Queryable,
  actor: Actor,
  query: { days?: number; organisation?: string },
  now = new Date(),
): Promise<TReviewDashboard> => {
  const from = new Date(now.getTime() - (query.days ?? 30) * DAY);
  const scoped = dashboardScope(actor.scope, query.organisation);
  const [queue, reviewers, fared, allowed] = await Promise.all([
    queueNow(q, scoped, now),
    decisionsPerReviewer(q, scoped, from),
    approvedFared(q, scoped, from),
    mayDecide(q, actor),
  ]);
  return {
    from: from.toISOString(),
    pending: queue.pending,
    overdue: queue.overdue,
    oldest_pending_at: queue.oldest_pending_at ? new Date(queue.oldest_pending_at).toISOString() : null,
    reviewers,
    approved: fared.approved,
    approved_charged_back: fared.charged_back,
    chargeback_rate: fared.approved ? fared.charged_back / fared.approved : null,
    may_decide: allowed,
  };
};
