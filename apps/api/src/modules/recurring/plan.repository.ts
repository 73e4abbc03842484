import { LIVE_SUBSCRIPTION_STATUSES } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';
import { insertRow } from '../../query/write.repository.ts';

export type PlanRow = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  payment_profile_id: string;
  amount: number;
  interval: string;
  interval_count: number;
  max_billing_cycle: number | null;
  statuses_subscription_update: string[];
  webhook_subscription_update: string | null;
  email_subscription_update: string | null;
};

/** A live plan of the actor's tenancy, row-locked until the transaction ends. */
export const lockPlan = async (tx: Queryable, scope: Scope, id: string): Promise<PlanRow | undefined> => {
  const [row] = await tx.query<PlanRow>(
    sql`select e.* from plan e where e.id = ${id} and e.deleted_at is null ${scopedAnd(scope)} for update`,
  );
  return row;
};

export const countLiveSubscriptionsOfPlan = async (tx: Queryable, planId: string): Promise<number> => {
  const [row] = await tx.query<{ count: number }>(
    sql`select count(*)::int as count from subscription where plan_id = ${planId} and status = any(${[...LIVE_SUBSCRIPTION_STATUSES]})`,
  );
  return row.count;
};

export type PaymentProfileRef = { id: string; merchant_id: string; currency_code: string };

export const findPaymentProfile = async (
  tx: Queryable,
  scope: Scope,
  id: string,
): Promise<PaymentProfileRef | undefined> => {
  const [row] = await tx.query<PaymentProfileRef>(
    sql`select e.id, coalesce(e.merchant_id, e.organisation_id) as merchant_id, e.currency_code from payment_profile e where e.id = ${id} ${scopedAnd(scope)}`,
  );
  return row;
};

export type PlanNotifications = {
  name: string;
  statuses_subscription_update: string[];
  webhook_subscription_update: string | null;
  email_subscription_update: string | null;
};

/** Whom a plan tells about its subscriptions' status changes, and on which statuses. */
export const loadPlanNotifications = async (db: Queryable, planId: string): Promise<PlanNotifications> => {
  const [plan] =
    await db.query<PlanNotifications>(sql`select name, statuses_subscription_update, webhook_subscription_update, email_subscription_update
    from plan where id = ${planId}`);
  return plan;
};

/** The demo world's plans (the API writes through query/write.ts). */
export const insertPlan = (tx: Queryable, values: Record<string, unknown>) => insertRow(tx, 'plan', values);
