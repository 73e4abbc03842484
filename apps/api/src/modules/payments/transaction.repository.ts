import { sql, type Queryable } from '../../plugins/db/index.ts';
import { scopeCondition } from '../../query/where.ts';
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
  const scoped = scopeCondition(scope, 'merchant');
  const [row] = await tx.query<LockedTransaction>(sql`
    select e.id, e.organisation_id, e.merchant_id, e.payment_profile_id, e.amount, e.currency_code, e.status, e.blocked
    from transaction e where e.id = ${id} ${scoped ? sql`and ${scoped}` : sql.empty} for update`);
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
  /** What the payments engine decided (rulesets, routing path, acquirer answer). */
  decision?: unknown;
};

export const insertTransaction = (tx: Queryable, t: NewTransaction) =>
  tx.query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, processor_id, customer_id, merchant_reference,
      amount, currency_code, payment_product_type, card_brand, card_bin, card_last4, recurring_type, status, status_reason,
      subscription_id, subscription_cycle, description, processor_id_external, status_history, blocked, tags, three_ds, country_code, decision)
    values (${t.id}, ${t.organisationId}, ${t.merchantId}, ${t.paymentProfileId}, ${t.processorId}, ${t.customerId}, ${t.merchantReference},
      ${t.amount}, ${t.currencyCode}, ${t.productType}, ${t.card?.brand ?? null}, ${t.card?.bin ?? null}, ${t.card?.last4 ?? null},
      ${t.recurringType}, ${t.status}, ${t.statusReason}, ${t.subscriptionId}, ${t.subscriptionCycle}, ${t.description},
      ${t.processorIdExternal}, ${JSON.stringify(t.statusHistory)}, ${t.blocked ?? false}, ${t.tags ?? []}, ${t.threeDs ?? false},
      ${t.countryCode ?? null}, ${t.decision === undefined ? null : JSON.stringify(t.decision)})`);
