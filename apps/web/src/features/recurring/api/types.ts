import type { DiscountType, PlanInterval } from '@kassa/domain';

type Ref = { id: string; name: string };

export { populated } from '../../../lib/entity-api.ts';
/** The id of a relation, populated or not. */
export const idOf = (value: { id: string } | string | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** A plan as `GET /v1/plan` answers it (payments.md §3). */
export type PlanRow = {
  id: string;
  created_at: string;
  name: string;
  description: string;
  dynamic_descriptor: string;
  amount: number;
  checkout: Ref | string | null;
  interval: PlanInterval;
  interval_count: number;
  max_billing_cycle: number | null;
  statuses_subscription_update: string[];
  webhook_subscription_update: string | null;
  email_subscription_update: string | null;
  redirect_url: string | null;
  payment_profile: (Ref & { currency_code: string }) | string;
  organisation: Ref | string;
};

/** A subscription discount (payments.md §3): cents, or a fraction for percentage. */
export type DiscountRow = {
  id: string;
  created_at: string;
  name: string;
  type: DiscountType;
  amount: number;
  duration: number | null;
  minimum_amount: number | null;
  limit_to_first_order: boolean;
  organisation: Ref | string;
};

export type DiscountAttached = {
  id: string;
  active: boolean;
  applied_duration: number;
  created_at: string;
  subscription_discount: Pick<DiscountRow, 'id' | 'name' | 'type' | 'amount' | 'duration' | 'minimum_amount' | 'limit_to_first_order'>;
};

export type CustomerRef = {
  id: string;
  email_address: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  city: string | null;
  country_code: string | null;
  status: string | null;
};

export const customerName = (customer: CustomerRef | null) =>
  customer ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email_address || customer.id : '';

/** A subscription (payments.md §3) with its attached discounts. */
export type SubscriptionRow = {
  id: string;
  created_at: string;
  customer: CustomerRef | string;
  plan: PlanRow | string;
  payment_profile: (Ref & { currency_code: string }) | string;
  organisation: Ref | string;
  amount: number;
  currency_code: string;
  payment_product: 'card' | 'paypal';
  subscription_url: string;
  start_date: string;
  billing_cycle: number;
  due_date: string | null;
  next_attempt_at: string | null;
  max_billing_cycle: number | null;
  status: string;
  status_reason: string | null;
  last_paid_cycle: number | null;
  last_paid_date: string | null;
  cancelled_at: string | null;
  subscription_discount: DiscountRow | string | null;
  discounts_attached: DiscountAttached[];
};

/** A charge of a subscription, as the transaction list answers it. */
export type SubscriptionTransaction = {
  id: string;
  created_at: string;
  merchant_reference: string;
  amount: number;
  currency_code: string;
  status: string;
  status_reason: string | null;
  subscription_cycle: number | null;
  recurring_type: string;
  payment_profile: (Ref & { currency_code: string }) | string;
};

export type BilledCycle = {
  subscription: string;
  cycle: number;
  attempt: number;
  amount: number;
  discount_amount: number;
  charged_amount: number;
  status: string;
  status_reason: string | null;
  transaction: string | null;
  subscription_status: string;
};
export type BillingRunResult = { charged: BilledCycle[]; errors: { subscription: string; message: string }[] };
