import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedModedAnd } from '../../query/where.ts';
import type { DiscountRow } from './discount.repository.ts';
import { insertRow, updateRow } from '../../query/write.repository.ts';

export type SubscriptionRow = {
  id: string;
  /** Test mode (migration 0116): its billing runs' scheduled transactions and payments are of this mode. */
  mode: 'live' | 'test';
  organisation_id: string;
  merchant_id: string;
  customer_id: string;
  plan_id: string;
  payment_profile_id: string;
  amount: number;
  currency_code: string;
  payment_product: 'card' | 'paypal';
  start_date: Date;
  billing_cycle: number;
  due_date: Date | null;
  next_attempt_at: Date | null;
  failed_attempts: number;
  max_billing_cycle: number | null;
  status: string;
  status_reason: string | null;
  last_paid_cycle: number | null;
  last_paid_date: Date | null;
};

/** A subscription of the actor's tenancy, row-locked until the transaction ends. */
export const lockSubscription = async (
  tx: Queryable,
  scope: Scope,
  id: string,
): Promise<SubscriptionRow | undefined> => {
  const [row] = await tx.query<SubscriptionRow>(
    sql`select e.* from subscription e where e.id = ${id} ${scopedModedAnd(scope)} for update`,
  );
  return row;
};

export type ActiveAttachment = { attachment_id: string; applied_duration: number; discount: DiscountRow };

/** The one active discount of a subscription, if any. */
export const findActiveAttachment = async (
  tx: Queryable,
  subscriptionId: string,
): Promise<ActiveAttachment | undefined> => {
  const [row] = await tx.query<DiscountRow & { attachment_id: string; applied_duration: number }>(sql`
    select d.*, a.id as attachment_id, a.applied_duration from subscription_discount_attached a
    join subscription_discount d on d.id = a.subscription_discount_id
    where a.subscription_id = ${subscriptionId} and a.active`);
  if (!row) return undefined;
  const { attachment_id, applied_duration, ...discount } = row;
  return { attachment_id, applied_duration, discount };
};

export const insertAttachment = (tx: Queryable, values: { id: string; subscriptionId: string; discountId: string }) =>
  tx.query(sql`insert into subscription_discount_attached (id, subscription_id, subscription_discount_id)
    values (${values.id}, ${values.subscriptionId}, ${values.discountId})`);

/** Ends the active attachment matched by its own id or its discount's id; returns whether one was active. */
export const deactivateAttachment = async (tx: Queryable, subscriptionId: string, id: string): Promise<boolean> => {
  const rows = await tx.query(sql`update subscription_discount_attached set active = false, removed_at = now()
    where subscription_id = ${subscriptionId} and active and (id = ${id} or subscription_discount_id = ${id}) returning id`);
  return rows.length > 0;
};

export const recordAttachmentUse = (
  tx: Queryable,
  attachmentId: string,
  appliedDuration: number,
  stillActive: boolean,
) =>
  tx.query(sql`update subscription_discount_attached set applied_duration = ${appliedDuration}, active = ${stillActive},
      removed_at = ${stillActive ? null : new Date()} where id = ${attachmentId}`);

export const countCycleCharges = async (tx: Queryable, subscriptionId: string): Promise<number> => {
  const [row] = await tx.query<{ count: number }>(
    sql`select count(*)::int as count from subscription_cycle_charge where subscription_id = ${subscriptionId}`,
  );
  return row.count;
};

export const insertSubscription = (tx: Queryable, values: Record<string, unknown>) =>
  insertRow(tx, 'subscription', values);
export const updateSubscriptionColumns = (tx: Queryable, id: string, values: Record<string, unknown>) =>
  updateRow(tx, 'subscription', id, values);
