import { billSubscription, type BilledCycle } from '../modules/recurring/billing.service.ts';
import { claimNextDue } from '../modules/recurring/billing.repository.ts';
import { sql, type Queryable } from '../plugins/db/index.ts';
import { DAY } from './calendar.ts';

/** How one demo subscription's year goes; the billing engine itself writes every charge. */
export type Story = {
  plan: string;
  daysAgo: number;
  discount?: string;
  /** From this cycle on the customer's card is refused (customer status UNKNOWN). */
  failFromCycle?: number;
  /** After the first refusal the customer fixes the payment method, and the retry succeeds. */
  recovers?: boolean;
  /** Cancelled a couple of days before the cycle after this one. */
  cancelAfterCycle?: number;
};

/** Moves what a replayed charge wrote to the simulated moment it happened. */
const backdate = async (tx: Queryable, billed: BilledCycle, time: Date) => {
  const stamp = time.toISOString();
  await tx.query(sql`update subscription_cycle_charge set created_at = ${time}
    where subscription_id = ${billed.subscription} and cycle = ${billed.cycle} and attempt = ${billed.attempt}`);
  if (!billed.transaction) return;
  await tx.query(sql`update transaction set created_at = ${time}, updated_at = ${time},
      status_history = jsonb_build_array(jsonb_build_object('status', 'INITIATED', 'at', ${stamp}::text, 'reason', null),
        jsonb_build_object('status', status, 'at', ${stamp}::text, 'reason', status_reason))
    where id = ${billed.transaction}`);
  await tx.query(
    sql`update scheduled_transaction set created_at = ${time}, updated_at = ${time} where transaction_id = ${billed.transaction}`,
  );
};

const setCustomerStatus = (tx: Queryable, id: string, status: string) =>
  tx.query(sql`update customer set status = ${status}, updated_at = now() where id = ${id}`);

/**
 * Replays the year: always bills the subscription whose next attempt comes first, at that moment,
 * through the real billing engine, and plays each story's card failures, recoveries and
 * cancellations around it. Returns the number of charge attempts.
 */
export const replayBilling = async (
  tx: Queryable,
  now: number,
  stories: Map<string, Story & { customer: string }>,
): Promise<number> => {
  const recovered = new Set<string>();
  let charges = 0;
  for (;;) {
    const subscription = await claimNextDue(tx, { now: new Date(now), organisationPath: null, skip: [] });
    if (!subscription?.next_attempt_at) break;
    const time = subscription.next_attempt_at;
    const story = stories.get(subscription.id);
    if (story?.cancelAfterCycle && (subscription.last_paid_cycle ?? 0) >= story.cancelAfterCycle) {
      const at = new Date(time.getTime() - 2 * DAY);
      await tx.query(sql`update subscription set status = 'CANCELLED', status_reason = 'Cancelled at the customer''s request', cancelled_at = ${at},
          next_attempt_at = null, due_date = null, updated_at = ${at} where id = ${subscription.id}`);
      continue;
    }
    if (
      story?.failFromCycle &&
      subscription.billing_cycle >= story.failFromCycle &&
      subscription.failed_attempts === 0 &&
      !recovered.has(subscription.id)
    ) {
      await setCustomerStatus(tx, story.customer, 'UNKNOWN');
    }
    const billed = await billSubscription(tx, subscription, time, { notify: false });
    await backdate(tx, billed, time);
    await tx.query(sql`update subscription set updated_at = ${time} where id = ${subscription.id}`);
    charges++;
    if (story?.recovers && billed.status !== 'SETTLEMENT_REQUESTED') {
      await setCustomerStatus(tx, story.customer, 'VERIFIED');
      recovered.add(subscription.id);
    }
  }
  return charges;
};
