import { z } from 'zod';

const ids = z.array(z.string().min(1).max(64)).min(1).max(100, 'At most 100 at once');

/** Body of `POST /v1/review/approve`: capture the held payments (one or many). */
export const ZReviewApprove = z.object({ ids }).strict();
/** Body of `POST /v1/review/decline`: void the held payments, with the reason the reviewer gives. */
export const ZReviewDecline = z
  .object({
    ids,
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
/** Body of `POST /v1/review/assign`: to a user of the case's tenancy, or `me`, or null (unassign). */
export const ZReviewAssign = z
  .object({ ids, assignee: z.union([z.literal('me'), z.string().min(1).max(64), z.null()]) })
  .strict();
export type TReviewApprove = z.infer<typeof ZReviewApprove>;
export type TReviewDecline = z.infer<typeof ZReviewDecline>;
export type TReviewAssign = z.infer<typeof ZReviewAssign>;

/** The answer of a bulk decision: per case, what happened (a decided case is not decided again). */
export const ZReviewOutcome = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        outcome: z.enum(['approved', 'declined', 'assigned', 'already_decided', 'not_found']),
      }),
    ),
  })
  .meta({ id: 'ReviewOutcome' });
export type TReviewOutcome = z.infer<typeof ZReviewOutcome>;

export const REVIEW_EXPIRY_POLICIES = ['decline', 'approve'] as const;

/** Query of `GET /v1/review/dashboard`: decisions of the last `days` days (default 30). */
export const ZReviewDashboardQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(365).optional(),
    organisation: z.string().min(1).max(64).optional(),
  })
  .strict();

/** The review dashboard: the queue now, who decided what, and how approved payments fared later. */
export const ZReviewDashboard = z
  .object({
    from: z.string(),
    pending: z.number().int(),
    overdue: z.number().int(),
    oldest_pending_at: z.string().nullable(),
    /** Per reviewer (null with via `policy`: the expiry policy), in the window. */
    reviewers: z.array(
      z.object({
        reviewer: z.string().nullable(),
        name: z.string().nullable(),
        via: z.enum(['reviewer', 'policy']),
        approved: z.number().int(),
        declined: z.number().int(),
        average_minutes: z.number().nullable(),
      }),
    ),
    /** Approved in the window, and how many of those were charged back since: the label of a wrong approval. */
    approved: z.number().int(),
    approved_charged_back: z.number().int(),
    chargeback_rate: z.number().nullable(),
    /** Whether the caller may decide: provider staff always; the merchant's users where the provider allows it. */
    may_decide: z.boolean(),
  })
  .meta({ id: 'ReviewDashboard' });
export type TReviewDashboard = z.infer<typeof ZReviewDashboard>;
