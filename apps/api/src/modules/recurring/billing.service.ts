import { newId } from '../../lib/ids.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { chargePayment } from '../payments/charge.service.ts';
import { decideDiscount, dueDateOfCycle, retryAt, RETRY_DELAYS_DAYS } from './billing-math.ts';
import {
  claimNextDue,
  findOrganisationPath,
  finishCycleCharge,
  insertCycleCharge,
  insertScheduledTransaction,
  loadPlanSchedule,
} from './billing.repository.ts';
import { notifySubscriptionUpdate } from './notify.ts';
import {
  findActiveAttachment,
  recordAttachmentUse,
  updateSubscriptionColumns,
  type SubscriptionRow,
} from './subscription.repository.ts';

export type BilledCycle = {
  subscription: string;
  cycle: number;
  attempt: number;
  amount: number;
  discount_amount: number;
  charged_amount: number;
  status: 'SETTLEMENT_REQUESTED' | 'DECLINED' | 'FAILED';
  status_reason: string | null;
  transaction: string | null;
  subscription_status: string;
};

export type BillingRunResult = { charged: BilledCycle[]; errors: { subscription: string; message: string }[] };

export type BillingRunOptions = {
  /** The clock of this run; a development run may simulate a later time. */
  now?: Date;
  /** Only subscriptions of this organisation's subtree. */
  organisationId?: string | null;
  /** Stop after this many subscriptions (the periodic job catches up on the next run). */
  limit?: number;
};

/**
 * Bills one claimed subscription: one attempt at its current cycle, all in the caller's database
 * transaction — the cycle-charge claim, the scheduled transaction, the charge, the new state of
 * the subscription and its discount, and the notifications commit together or not at all. A crash
 * anywhere before the commit leaves nothing behind, and the next run bills the cycle afresh.
 * `notify: false` is for replaying history (the demo world), where nobody should be told.
 */
export const billSubscription = async (
  tx: Queryable,
  subscription: SubscriptionRow,
  now: Date,
  options: { notify?: boolean } = {},
): Promise<BilledCycle> => {
  const plan = await loadPlanSchedule(tx, subscription.plan_id);
  const cycle = subscription.billing_cycle;
  const attempt = subscription.failed_attempts + 1;
  const attachment = await findActiveAttachment(tx, subscription.id);
  const decision = attachment
    ? decideDiscount(subscription.amount, attachment.discount, cycle, attachment.applied_duration)
    : { discount: 0, remainsActive: false };
  const chargedAmount = subscription.amount - decision.discount;
  const chargeId = newId('scc');
  await insertCycleCharge(tx, {
    id: chargeId,
    subscriptionId: subscription.id,
    cycle,
    attempt,
    amount: chargedAmount,
    discountAmount: decision.discount,
    discountId: decision.discount > 0 && attachment ? attachment.discount.id : null,
  });

  let result: { transactionId: string | null; status: BilledCycle['status']; statusReason: string | null };
  let scheduledId: string | null = null;
  if (chargedAmount === 0) {
    // A cycle discounted to nothing is paid without asking the processor for zero.
    result = { transactionId: null, status: 'SETTLEMENT_REQUESTED', statusReason: 'Fully discounted' };
  } else {
    scheduledId = newId('st');
    await insertScheduledTransaction(tx, {
      id: scheduledId,
      organisationId: subscription.organisation_id,
      merchantId: subscription.merchant_id,
      paymentProfileId: subscription.payment_profile_id,
      customerId: subscription.customer_id,
      subscriptionId: subscription.id,
      amount: chargedAmount,
      currencyCode: subscription.currency_code,
      dueAt: subscription.due_date ?? now,
      mode: subscription.mode,
    });
    const charged = await chargePayment(tx, {
      notify: options.notify,
      organisationId: subscription.organisation_id,
      paymentProfileId: subscription.payment_profile_id,
      customerId: subscription.customer_id,
      amount: chargedAmount,
      productType: subscription.payment_product,
      // Deterministic per attempt: a processor that dedupes on the reference never sees one attempt twice.
      merchantReference: `${subscription.id}-c${cycle}-a${attempt}`,
      description: plan.dynamic_descriptor || plan.name,
      subscriptionId: subscription.id,
      subscriptionCycle: cycle,
      recurringType: cycle === 1 ? 'initial' : 'recurring',
      scheduledTransactionId: scheduledId,
      mode: subscription.mode,
    });
    // Billing runs allow no challenge, so a charge has its acquirer's answer.
    if (charged.status === 'IN_PROGRESS' || charged.status === 'AUTHORIZED')
      throw new Error('chargePayment: a billing charge cannot wait for a challenge or a review');
    result = { transactionId: charged.transactionId, status: charged.status, statusReason: charged.statusReason };
  }
  await finishCycleCharge(tx, chargeId, { ...result, scheduledTransactionId: scheduledId });

  const changes: Partial<SubscriptionRow> = {};
  if (result.status === 'SETTLEMENT_REQUESTED') {
    if (attachment && (decision.discount > 0 || !decision.remainsActive)) {
      const used = attachment.applied_duration + (decision.discount > 0 ? 1 : 0);
      await recordAttachmentUse(tx, attachment.attachment_id, used, decision.remainsActive);
    }
    const completes = subscription.max_billing_cycle !== null && cycle >= subscription.max_billing_cycle;
    const nextDue = dueDateOfCycle(subscription.start_date, plan.interval, plan.interval_count, cycle + 1);
    Object.assign(changes, {
      status: completes ? 'COMPLETED' : 'ACTIVE',
      status_reason: completes ? 'Maximum billing cycle reached' : null,
      last_paid_cycle: cycle,
      last_paid_date: now,
      failed_attempts: 0,
      billing_cycle: completes ? cycle : cycle + 1,
      due_date: completes ? null : nextDue,
      next_attempt_at: completes ? null : nextDue,
    });
  } else {
    const retry = retryAt(subscription.due_date ?? now, attempt);
    Object.assign(changes, {
      status: retry ? 'PAST_DUE' : 'EXPIRED',
      status_reason: retry
        ? `Payment ${result.status.toLowerCase()}: ${result.statusReason ?? 'no reason given'}; retry ${attempt} of ${RETRY_DELAYS_DAYS.length}`
        : `Payment failed ${attempt} times: ${result.statusReason ?? 'no reason given'}`,
      failed_attempts: attempt,
      next_attempt_at: retry,
    });
  }
  await updateSubscriptionColumns(tx, subscription.id, changes);
  if (options.notify !== false)
    await notifySubscriptionUpdate(tx, { ...subscription, ...changes }, { transactionId: result.transactionId, cycle });
  return {
    subscription: subscription.id,
    cycle,
    attempt,
    amount: subscription.amount,
    discount_amount: decision.discount,
    charged_amount: chargedAmount,
    status: result.status,
    status_reason: result.statusReason,
    transaction: result.transactionId,
    subscription_status: changes.status as string,
  };
};

/**
 * Charges every due subscription (CREATED, ACTIVE, or PAST_DUE whose retry is due) once: each in
 * its own database transaction holding the subscription's row lock, so any number of runs on any
 * number of processes bill each cycle at most once. A subscription is attempted at most once per
 * run; one that throws is reported and left for the next run.
 */
export const runBilling = async (db: Db, options: BillingRunOptions = {}): Promise<BillingRunResult> => {
  const now = options.now ?? new Date();
  let organisationPath: string | null = null;
  if (options.organisationId) {
    const org = await findOrganisationPath(db, options.organisationId);
    if (!org) return { charged: [], errors: [] };
    organisationPath = org.path;
  }
  const result: BillingRunResult = { charged: [], errors: [] };
  const seen: string[] = [];
  while (options.limit === undefined || seen.length < options.limit) {
    let claimedId: string | null = null;
    try {
      const billed = await db.transaction(async (tx) => {
        const subscription = await claimNextDue(tx, { now, organisationPath, skip: seen });
        if (!subscription) return null;
        claimedId = subscription.id;
        return billSubscription(tx, subscription, now);
      });
      if (!billed) break;
      seen.push(billed.subscription);
      result.charged.push(billed);
    } catch (error) {
      if (!claimedId) throw error;
      seen.push(claimedId);
      result.errors.push({ subscription: claimedId, message: (error as Error).message });
    }
  }
  return result;
};
