import { z } from 'zod';

const ids = z
  .array(z.string().min(1).max(64), { error: 'form_validation.required' })
  .min(1, 'form_validation.required')
  .max(100, 'review.tooMany');

/** Body of `POST /v1/review/approve`: capture the held payments (one or many). */
export const ZReviewApprove = z.object({ ids }).strict();
/** Body of `POST /v1/review/decline`: void the held payments, with the reason the reviewer gives. */
export const ZReviewDecline = z
  .object({
    ids,
    reason: z.string({ error: 'form_validation.required' }).trim().min(1, 'form_validation.required').max(500),
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
