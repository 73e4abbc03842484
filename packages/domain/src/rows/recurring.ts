import { z } from 'zod';
import { DISCOUNT_TYPES, PLAN_INTERVALS, SUBSCRIPTION_PAYMENT_PRODUCTS } from '../schemas/recurring.ts';
import { ZCustomer } from './payments.ts';
import { json, populated, ZMinorUnits, ZTimestamp, type WireOf } from './row.ts';
import { ZCheckoutDesignRef, ZOrganisation, ZPaymentProfile } from './settings.ts';

export const ZPlan = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    name: z.string(),
    description: z.string(),
    dynamic_descriptor: z.string(),
    amount: ZMinorUnits,
    checkout: z.string().nullable(),
    interval: z.enum(PLAN_INTERVALS),
    interval_count: z.number().int(),
    max_billing_cycle: z.number().int().nullable(),
    statuses_subscription_update: z.array(z.string()),
    webhook_subscription_update: z.string().nullable(),
    email_subscription_update: z.string().nullable(),
    redirect_url: z.string().nullable(),
    payment_profile: z.string(),
    organisation: z.string(),
  })
  .meta({ id: 'Plan' });
/** `GET /v1/plan` rows. */
export const ZPlanRow = ZPlan.extend({
  checkout: populated(ZCheckoutDesignRef).nullable(),
  payment_profile: populated(ZPaymentProfile),
  organisation: populated(ZOrganisation),
}).meta({ id: 'PlanRow' });
export type TPlanRow = WireOf<typeof ZPlanRow>;

/** A subscription discount: `amount` in cents, or a fraction for a percentage. */
export const ZSubscriptionDiscount = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    name: z.string(),
    type: z.enum(DISCOUNT_TYPES),
    amount: z.number(),
    duration: z.number().int().nullable(),
    minimum_amount: z.number().int().nullable(),
    limit_to_first_order: z.boolean(),
    organisation: z.string(),
  })
  .meta({ id: 'SubscriptionDiscount' });
/** `GET /v1/subscription-discount` rows. */
export const ZSubscriptionDiscountRow = ZSubscriptionDiscount.extend({ organisation: populated(ZOrganisation) }).meta({
  id: 'SubscriptionDiscountRow',
});
export type TSubscriptionDiscountRow = WireOf<typeof ZSubscriptionDiscountRow>;

/** A discount attached to a subscription (payments.md §3), newest first. */
export type TDiscountAttached = {
  id: string;
  active: boolean;
  applied_duration: number;
  created_at: string;
  subscription_discount: Pick<
    WireOf<typeof ZSubscriptionDiscount>,
    'id' | 'name' | 'type' | 'amount' | 'duration' | 'minimum_amount' | 'limit_to_first_order'
  >;
};

export const ZSubscription = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    customer: z.string(),
    plan: z.string(),
    payment_profile: z.string(),
    organisation: z.string(),
    amount: ZMinorUnits,
    currency_code: z.string(),
    payment_product: z.enum(SUBSCRIPTION_PAYMENT_PRODUCTS),
    subscription_url: z.string(),
    start_date: ZTimestamp,
    billing_cycle: z.number().int(),
    due_date: ZTimestamp.nullable(),
    next_attempt_at: ZTimestamp.nullable(),
    max_billing_cycle: z.number().int().nullable(),
    status: z.string(),
    status_reason: z.string().nullable(),
    last_paid_cycle: z.number().int().nullable(),
    last_paid_date: ZTimestamp.nullable(),
    cancelled_at: ZTimestamp.nullable(),
    /** The active attached discount. */
    subscription_discount: z.string().nullable(),
    discounts_attached: json<TDiscountAttached[]>('Every discount attached to the subscription, newest first'),
  })
  .meta({ id: 'Subscription' });
/** `GET /v1/subscription` rows. */
export const ZSubscriptionRow = ZSubscription.extend({
  customer: populated(ZCustomer),
  plan: populated(ZPlan),
  payment_profile: populated(ZPaymentProfile),
  organisation: populated(ZOrganisation),
  subscription_discount: populated(ZSubscriptionDiscount).nullable(),
}).meta({ id: 'SubscriptionRow' });
export type TSubscriptionRow = WireOf<typeof ZSubscriptionRow>;
