import type { TMode } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { scopedModedAnd } from '../../query/where.ts';
import type { Scope } from '../../query/scope.ts';

export type LockedTransaction = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  payment_profile_id: string;
  amount: number;
  currency_code: string;
  status: string;
  blocked: boolean;
};

/**
 * Locks one transaction of the actor's tenancy (`select … for update`) until the surrounding
 * database transaction ends: money changes on it are then strictly one after another.
 */
export const lockTransaction = async (
  tx: Queryable,
  scope: Scope,
  id: string,
): Promise<LockedTransaction | undefined> => {
  // Tenancy and mode (test mode: a test key never reaches a live payment, and the other way round).
  const [row] = await tx.query<LockedTransaction>(sql`
    select e.id, e.organisation_id, e.merchant_id, e.payment_profile_id, e.amount, e.currency_code, e.status, e.blocked
    from transaction e where e.id = ${id} ${scopedModedAnd(scope)} for update`);
  return row;
};

export const setRefundedAmount = (tx: Queryable, id: string, refunded: number) =>
  tx.query(sql`update transaction set refunded_amount = ${refunded}, updated_at = now() where id = ${id}`);

/** Sets a transaction's status and appends it to its history (the caller checked the transition under the row lock). */
export const moveTransaction = (
  tx: Queryable,
  id: string,
  step: { status: string; at: string; reason: string | null },
) =>
  tx.query(sql`update transaction set status = ${step.status}, status_reason = ${step.reason}, updated_at = ${step.at},
      status_history = status_history || ${JSON.stringify([step])}::jsonb where id = ${id}`);

export const markBlocked = (tx: Queryable, id: string) =>
  tx.query(sql`update transaction set blocked = true, updated_at = now() where id = ${id}`);

export type NewTransaction = {
  id: string;
  organisationId: string;
  merchantId: string;
  paymentProfileId: string;
  processorId: string | null;
  customerId: string | null;
  merchantReference: string;
  amount: number;
  currencyCode: string;
  productType: string;
  card: { brand: string; bin: string; last4: string } | null;
  recurringType: string;
  status: string;
  statusReason: string | null;
  subscriptionId: string | null;
  subscriptionCycle: number | null;
  description: string | null;
  processorIdExternal: string | null;
  statusHistory: { status: string; at: string; reason: string | null }[];
  blocked?: boolean;
  tags?: string[];
  threeDs?: boolean;
  countryCode?: string | null;
  /** The customer's platform and browser (hosted pages), the card's issuer and its country (BIN table). */
  client?: { platform: string | null; browser: string | null };
  issuer?: { issuer: string; country: string } | null;
  /** What the payments engine decided (rulesets, routing path, acquirer answer). */
  decision?: unknown;
  /** Test mode (issue 38): the mode of the request or the parent row that made the payment; live when absent. */
  mode?: TMode;
  /** Written as `created_at` and `updated_at` (else the database's `now()`): set when the answer is built before the write. */
  createdAt?: Date;
};

const TRANSACTION_COLUMNS = `id, organisation_id, merchant_id, payment_profile_id, processor_id, customer_id, merchant_reference,
      amount, currency_code, payment_product_type, card_brand, card_bin, card_last4, recurring_type, status, status_reason,
      subscription_id, subscription_cycle, description, processor_id_external, status_history, blocked, tags, three_ds, country_code, decision,
      platform, browser, issuer, issuer_country, mode`;

/** A new transaction as one JSON object of its columns (read back with `jsonb_populate_record(null::transaction, …)`). */
const transactionRecord = (t: NewTransaction) =>
  JSON.stringify({
    ...(t.createdAt ? { created_at: t.createdAt, updated_at: t.createdAt } : {}),
    id: t.id,
    organisation_id: t.organisationId,
    merchant_id: t.merchantId,
    payment_profile_id: t.paymentProfileId,
    processor_id: t.processorId,
    customer_id: t.customerId,
    merchant_reference: t.merchantReference,
    amount: t.amount,
    currency_code: t.currencyCode,
    payment_product_type: t.productType,
    card_brand: t.card?.brand ?? null,
    card_bin: t.card?.bin ?? null,
    card_last4: t.card?.last4 ?? null,
    recurring_type: t.recurringType,
    status: t.status,
    status_reason: t.statusReason,
    subscription_id: t.subscriptionId,
    subscription_cycle: t.subscriptionCycle,
    description: t.description,
    processor_id_external: t.processorIdExternal,
    status_history: t.statusHistory,
    blocked: t.blocked ?? false,
    tags: t.tags ?? [],
    three_ds: t.threeDs ?? false,
    country_code: t.countryCode ?? null,
    decision: t.decision === undefined ? null : t.decision,
    platform: t.client?.platform ?? null,
    browser: t.client?.browser ?? null,
    issuer: t.issuer?.issuer ?? null,
    issuer_country: t.issuer?.country ?? null,
    mode: t.mode ?? 'live',
  });

/**
 * The insert of a new transaction as a part of a larger statement: only `when` (a condition on
 * the same snapshot) lets it write; `returning *`.
 */
export const insertTransactionWhen = (t: NewTransaction, when: Sql): Sql => {
  const columns = sql.raw(t.createdAt ? `${TRANSACTION_COLUMNS}, created_at, updated_at` : TRANSACTION_COLUMNS);
  return sql`insert into transaction (${columns})
    select ${columns} from jsonb_populate_record(null::transaction, ${transactionRecord(t)}::jsonb) where ${when}
    returning *`;
};

/**
 * The row of a new transaction (`createdAt` set) as `GET transaction/{id}` shows it right after the
 * insert (AFTER triggers only; `refunded_amount` starts at 0): a payment's answer, known before the
 * one statement that writes it stores it too (plugins/idempotency.ts).
 */
export const newTransactionRow = (t: NewTransaction & { createdAt: Date }) => ({
  id: t.id,
  created_at: t.createdAt,
  updated_at: t.createdAt,
  merchant_reference: t.merchantReference,
  amount: t.amount,
  currency_code: t.currencyCode,
  status: t.status,
  status_reason: t.statusReason,
  blocked: t.blocked ?? false,
  payment_product_type: t.productType,
  card_brand: t.card?.brand ?? null,
  card_bin: t.card?.bin ?? null,
  card_last4: t.card?.last4 ?? null,
  recurring_type: t.recurringType,
  tags: t.tags ?? [],
  three_ds: t.threeDs ?? false,
  country_code: t.countryCode ?? null,
  platform: t.client?.platform ?? null,
  browser: t.client?.browser ?? null,
  issuer: t.issuer?.issuer ?? null,
  issuer_country: t.issuer?.country ?? null,
  description: t.description,
  processor_id_external: t.processorIdExternal,
  refunded_amount: 0,
  subscription: t.subscriptionId,
  subscription_cycle: t.subscriptionCycle,
  customer: t.customerId,
  payment_profile: t.paymentProfileId,
  processor: t.processorId,
  organisation: t.organisationId,
  merchant: t.merchantId,
  status_history: t.statusHistory,
  decision: t.decision === undefined ? null : t.decision,
});
