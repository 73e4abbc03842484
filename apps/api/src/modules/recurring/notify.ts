import { enqueue } from '../../jobs/queue.ts';
import { newId } from '../../lib/ids.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { escapeHtml } from '../auth/mail-templates.ts';
import { loadPlanNotifications } from './plan.repository.ts';
import type { SubscriptionRow } from './subscription.repository.ts';

/**
 * Tells the merchant about a subscription's new state when its plan asks for that status
 * (payments.md §3 Plan: statuses_subscription_update, webhook_subscription_update,
 * email_subscription_update). Queued in the caller's transaction, so it goes out if and only if
 * the change committed; the webhooks area delivers 'webhook.subscription' jobs.
 */
export const notifySubscriptionUpdate = async (
  tx: Queryable,
  subscription: SubscriptionRow,
  extra: { transactionId?: string | null; cycle?: number } = {},
): Promise<void> => {
  const plan = await loadPlanNotifications(tx, subscription.plan_id);
  if (!plan || !plan.statuses_subscription_update.includes(subscription.status)) return;
  const data = {
    id: subscription.id,
    status: subscription.status,
    status_reason: subscription.status_reason,
    customer: subscription.customer_id,
    plan: subscription.plan_id,
    amount: subscription.amount,
    currency_code: subscription.currency_code,
    billing_cycle: subscription.billing_cycle,
    max_billing_cycle: subscription.max_billing_cycle,
    due_date: subscription.due_date?.toISOString() ?? null,
    last_paid_cycle: subscription.last_paid_cycle,
    last_paid_date: subscription.last_paid_date?.toISOString() ?? null,
    transaction: extra.transactionId ?? null,
    cycle: extra.cycle ?? null,
  };
  if (plan.webhook_subscription_update) {
    await enqueue(tx, 'webhook.subscription', {
      event_id: newId('evt'),
      type: 'subscription.update',
      url: plan.webhook_subscription_update,
      organisation_id: subscription.organisation_id,
      merchant_id: subscription.merchant_id,
      created_at: new Date().toISOString(),
      data,
    });
  }
  if (plan.email_subscription_update) {
    const subject = `Subscription ${subscription.id} is ${subscription.status}`;
    const lines = [
      `Plan: ${plan.name}`,
      `Status: ${subscription.status}${subscription.status_reason ? ` (${subscription.status_reason})` : ''}`,
      `Billing cycle: ${subscription.billing_cycle}${subscription.max_billing_cycle ? ` of ${subscription.max_billing_cycle}` : ''}`,
      `Last paid cycle: ${subscription.last_paid_cycle ?? '-'}`,
      `Next due date: ${subscription.due_date?.toISOString().slice(0, 10) ?? '-'}`,
    ];
    await queueMail(tx, {
      to: plan.email_subscription_update,
      subject,
      text: lines.join('\n'),
      html: `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
      template: 'subscription_update',
    });
  }
};
