/** What the Add refund dialog needs of a transaction (a subset of `GET /v1/transaction` rows). */
export type RefundableTransaction = {
  id: string;
  created_at: string;
  merchant_reference: string | null;
  amount: number;
  refunded_amount: number;
  currency_code: string;
  status: string;
  customer?: { id: string; first_name: string | null; last_name: string | null; email_address: string | null } | string | null;
};

/** Money still refundable: the amount minus earlier refunds (payments.md §5). */
export const remainingOf = (tx: Pick<RefundableTransaction, 'amount' | 'refunded_amount'>) => Math.max(0, tx.amount - (tx.refunded_amount ?? 0));

export const REFUND_SEARCH_FIELDS = ['merchant_reference', 'id', 'customer'] as const;
export type RefundSearchField = (typeof REFUND_SEARCH_FIELDS)[number];
