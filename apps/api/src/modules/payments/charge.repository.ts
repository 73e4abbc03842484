import { sql, type Queryable } from '../../plugins/db/index.ts';

export type ChargeProfile = { id: string; organisation_id: string; currency_code: string };

export const loadChargeProfile = async (tx: Queryable, paymentProfileId: string): Promise<ChargeProfile | undefined> => {
  const [row] = await tx.query<ChargeProfile>(sql`select id, organisation_id, currency_code from payment_profile where id = ${paymentProfileId}`);
  return row;
};

/** The merchant an organisation belongs to (itself for a merchant). */
export const merchantOf = async (tx: Queryable, organisationId: string): Promise<string | undefined> => {
  const [row] = await tx.query<{ merchant_id: string }>(sql`select coalesce(merchant_id, id) as merchant_id from organisation where id = ${organisationId}`);
  return row?.merchant_id;
};

/** The first active processor of the profile, in the profile's order, that handles the product. */
export const pickProcessor = async (tx: Queryable, paymentProfileId: string, productType: string): Promise<string | undefined> => {
  const [row] = await tx.query<{ id: string }>(sql`
    select pr.id from payment_profile p join processor pr on pr.id = any(p.processors)
    where p.id = ${paymentProfileId} and pr.active and pr.payment_product = ${productType}
    order by array_position(p.processors, pr.id) limit 1`);
  return row?.id;
};

export const customerStatus = async (tx: Queryable, customerId: string): Promise<string | undefined> => {
  const [row] = await tx.query<{ status: string }>(sql`select status from customer where id = ${customerId}`);
  return row?.status;
};

export const finishScheduledTransaction = (tx: Queryable, id: string, outcome: { transactionId: string; done: boolean; reason: string | null }) =>
  tx.query(sql`update scheduled_transaction set status = ${outcome.done ? 'DONE' : 'FAILED'}, transaction_id = ${outcome.transactionId},
      attempts = attempts + 1, failure_reason = ${outcome.done ? null : outcome.reason}, updated_at = now()
    where id = ${id}`);
