import { REFUNDABLE_TRANSACTION_STATUSES, type TTransactionRow, type TransactionStatus } from '@kassa/domain';

/** What the Add refund dialog needs of a transaction (`GET /v1/transaction` rows or a populated one). */
export type RefundableTransaction = Pick<
  TTransactionRow,
  'id' | 'created_at' | 'merchant_reference' | 'amount' | 'refunded_amount' | 'currency_code' | 'status'
> & {
  customer?: TTransactionRow['customer'];
};

/** Money still refundable: the amount minus earlier refunds (payments.md §5). */
export const remainingOf = (tx: Pick<RefundableTransaction, 'amount' | 'refunded_amount'>) =>
  Math.max(0, tx.amount - (tx.refunded_amount ?? 0));

export const REFUND_SEARCH_FIELDS = ['merchant_reference', 'id', 'customer'] as const;
export type RefundSearchField = (typeof REFUND_SEARCH_FIELDS)[number];

/**
 * Why a transaction cannot be refunded (the server's rules, docs/decisions.md): its status, or
 * nothing left after earlier refunds. Null when it can.
 */
export const notRefundableReason = (
  tx: Pick<RefundableTransaction, 'status' | 'amount' | 'refunded_amount'>,
): 'notRefundable' | 'fullyRefunded' | null => {
  if (!REFUNDABLE_TRANSACTION_STATUSES.includes(tx.status as TransactionStatus)) return 'notRefundable';
  return remainingOf(tx) > 0 ? null : 'fullyRefunded';
};
