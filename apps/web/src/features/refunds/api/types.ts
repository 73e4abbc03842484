import type { TRefundRow, TTransaction } from '@kassa/domain';

/** A refund as `GET /v1/refund` answers it with `transaction payment_profile` populated. */
export type RefundRow = TRefundRow;
export type RefundTransaction = TTransaction;

export { populated } from '@/lib/entity-api.ts';
