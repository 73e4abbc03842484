import type { TSubscriptionPage } from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { designOf } from './hosted-checkout.service.ts';
import { loadSubscriptionPage } from './subscription-page.repository.ts';

// Tokens are 32 random base64url characters (24 bytes); anything else opens nothing without a query.
const isWellFormed = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);
const BILLING = new Set(['CREATED', 'ACTIVE', 'PAST_DUE']);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The public page of a subscription (`subscription_url`): plan, amount, interval, next charge and
 * status. An unknown or malformed token is the same 404.
 */
export const getSubscriptionPage = async (db: Queryable, token: string): Promise<TSubscriptionPage> => {
  const row = isWellFormed(token) ? await loadSubscriptionPage(db, token) : undefined;
  if (!row) throw notFound('Subscription');
  return {
    status: row.status as TSubscriptionPage['status'],
    merchant_name: row.merchant_name,
    plan_name: row.plan_name,
    plan_description: row.plan_description,
    amount: Number(row.amount),
    currency_code: row.currency_code,
    interval: row.interval as TSubscriptionPage['interval'],
    interval_count: row.interval_count,
    payment_product: row.payment_product as TSubscriptionPage['payment_product'],
    start_date: row.start_date.toISOString(),
    next_charge_at: BILLING.has(row.status) ? iso(row.next_attempt_at ?? row.due_date) : null,
    billing_cycle: row.billing_cycle,
    max_billing_cycle: row.max_billing_cycle,
    last_paid_date: iso(row.last_paid_date),
    cancelled_at: iso(row.cancelled_at),
    design: designOf(row),
  };
};
