import { LIVE_SUBSCRIPTION_STATUSES, type PlanInterval } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { SubscriptionRow } from './subscription.repository.ts';

/**
 * Claims the next due subscription: row-locked until the transaction ends, skipping rows another
 * worker holds, so concurrent billing runs share the work instead of repeating it. A row a
 * concurrent run has just billed no longer matches (PostgreSQL re-checks the condition on lock).
 */
export const claimNextDue = async (
  tx: Queryable,
  options: { now: Date; organisationPath: string | null; skip: string[] },
): Promise<SubscriptionRow | undefined> => {
  const [row] = await tx.query<SubscriptionRow>(sql`
    select e.* from subscription e
    where e.status = any(${[...LIVE_SUBSCRIPTION_STATUSES]}) and e.next_attempt_at <= ${options.now}
      and not (e.id = any(${options.skip}))
      ${options.organisationPath ? sql`and e.organisation_id in (select id from organisation where path like ${`${options.organisationPath}%`})` : sql.empty}
    order by e.next_attempt_at, e.id
    limit 1
    for update skip locked`);
  return row;
};

export const loadPlanSchedule = async (tx: Queryable, planId: string) => {
  const [row] = await tx.query<{
    name: string;
    interval: PlanInterval;
    interval_count: number;
    dynamic_descriptor: string;
  }>(sql`select name, interval, interval_count, dynamic_descriptor from plan where id = ${planId}`);
  return row;
};

export type CycleCharge = {
  id: string;
  subscriptionId: string;
  cycle: number;
  attempt: number;
  amount: number;
  discountAmount: number;
  discountId: string | null;
};

/** The claim of one attempt at one cycle; a second claim of the same attempt violates the unique key. */
export const insertCycleCharge = (tx: Queryable, c: CycleCharge) =>
  tx.query(sql`insert into subscription_cycle_charge (id, subscription_id, cycle, attempt, amount, discount_amount, subscription_discount_id, status)
    values (${c.id}, ${c.subscriptionId}, ${c.cycle}, ${c.attempt}, ${c.amount}, ${c.discountAmount}, ${c.discountId}, 'PENDING')`);

export const finishCycleCharge = (
  tx: Queryable,
  id: string,
  outcome: {
    status: string;
    statusReason: string | null;
    transactionId: string | null;
    scheduledTransactionId: string | null;
  },
) =>
  tx.query(sql`update subscription_cycle_charge set status = ${outcome.status}, status_reason = ${outcome.statusReason},
      transaction_id = ${outcome.transactionId}, scheduled_transaction_id = ${outcome.scheduledTransactionId} where id = ${id}`);

export type NewScheduledTransaction = {
  id: string;
  /** The subscription's mode (test mode). */
  mode: 'live' | 'test';
  organisationId: string;
  merchantId: string;
  paymentProfileId: string;
  customerId: string;
  subscriptionId: string;
  amount: number;
  currencyCode: string;
  dueAt: Date;
};

/** The planned charge of a cycle attempt; chargePayment marks it DONE or FAILED with its transaction. */
export const insertScheduledTransaction = (tx: Queryable, s: NewScheduledTransaction) =>
  tx.query(sql`insert into scheduled_transaction (id, organisation_id, merchant_id, payment_profile_id, customer_id, subscription_id, amount, currency_code, due_at, mode)
    values (${s.id}, ${s.organisationId}, ${s.merchantId}, ${s.paymentProfileId}, ${s.customerId}, ${s.subscriptionId}, ${s.amount}, ${s.currencyCode}, ${s.dueAt}, ${s.mode})`);

/** The tree path of an organisation, to bill only its subtree; undefined for an unknown id. */
export const findOrganisationPath = async (db: Queryable, id: string): Promise<{ path: string } | undefined> =>
  (await db.query<{ path: string }>(sql`select path from organisation where id = ${id}`))[0];
