import type { TReviewCaseRow, TReviewContext, TReviewOutcome, TTransaction } from '@kassa/domain';

/** A held payment as `GET /v1/review` answers it with `_populate=transaction`. */
export type ReviewRow = TReviewCaseRow;
export type ReviewTransaction = TTransaction;
export type ReviewContext = TReviewContext;
export type ReviewOutcome = TReviewOutcome;

export { populated } from '@/lib/entity-api.ts';
