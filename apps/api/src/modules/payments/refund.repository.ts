import { COUNTED_REFUND_STATUSES } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

/** The sum of a transaction's refunds that count against its amount (call with the row locked). */
export const sumCountedRefunds = async (tx: Queryable, transactionId: string): Promise<number> => {
  const [row] = await tx.query<{ total: number }>(sql`select coalesce(sum(amount), 0)::bigint as total from refund
    where transaction_id = ${transactionId} and status = any(${[...COUNTED_REFUND_STATUSES]})`);
  return row.total;
};

/** A refund of this transaction made by the same actor with the same key in the last 24 hours. */
export const findRefundByIdempotencyKey = async (
  tx: Queryable,
  transactionId: string,
  createdBy: string,
  key: string,
): Promise<string | undefined> => {
  const [row] = await tx.query<{
    id: string;
  }>(sql`select id from refund where transaction_id = ${transactionId} and created_by = ${createdBy}
    and idempotency_key = ${key} and created_at > now() - interval '24 hours'`);
  return row?.id;
};

export type NewRefund = {
  id: string;
  organisationId: string;
  merchantId: string;
  transactionId: string;
  paymentProfileId: string;
  amount: number;
  currencyCode: string;
  reason: string | null;
  status: string;
  processorIdExternal: string;
  idempotencyKey: string | null;
  createdBy: string;
};

/** A refund is of its payment's mode (test mode, migration 0116). */
export const insertRefund = (tx: Queryable, r: NewRefund) =>
  tx.query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, reason,
      status, processor_id_external, idempotency_key, created_by, mode)
    values (${r.id}, ${r.organisationId}, ${r.merchantId}, ${r.transactionId}, ${r.paymentProfileId}, ${r.amount}, ${r.currencyCode},
      ${r.reason}, ${r.status}, ${r.processorIdExternal}, ${r.idempotencyKey}, ${r.createdBy},
      (select t.mode from transaction t where t.id = ${r.transactionId}))`);
