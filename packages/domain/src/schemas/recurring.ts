import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../money.ts';
import { updateSchema } from './update-schema.ts';
import { statusVocabularies } from '../statuses.ts';
import { withoutCredentials } from './webhooks.ts';
import type { DetailCode, DetailParams } from '../errors.ts';
import { coded } from '../issue-codes.ts';

/** Plan intervals (payments.md §9). */
export const PLAN_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** Discount types (payments.md §9): a fraction of the amount, or a fixed number of cents. */
export const DISCOUNT_TYPES = ['fixed_cents', 'percentage'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** Payment products a subscription can be charged with (payments.md §9). */
export const SUBSCRIPTION_PAYMENT_PRODUCTS = ['card', 'paypal'] as const;
export const SUBSCRIPTION_STATUSES = statusVocabularies.subscription.values;
/** Subscriptions still billed or waiting to be billed; plans and discounts in use by one are protected. */
export const LIVE_SUBSCRIPTION_STATUSES = ['CREATED', 'ACTIVE', 'PAST_DUE'] as const;
/** Statuses in which the subscription link is worth sending to the customer (payments.md §2). */
export const LINK_SUBSCRIPTION_STATUSES = ['CREATED', 'PAST_DUE', 'EXPIRED'] as const;

/**
 * English messages of the recurring forms for integrators (the spec gives the wording of the
 * webhook-or-email rule); each refusal also carries its stable code, which the web translates.
 */
const RECURRING_MESSAGES = {
  required: 'This field is required',
  webhookOrEmail: "You must select at least one of 'Webhook' or 'Email'.",
  url: 'Enter a valid URL (http or https)',
  email: 'Enter a valid e-mail address',
  amountPositive: 'The amount must be greater than 0',
  wholeCents: 'Enter a whole number of cents',
  amountTooLarge: 'The amount is too large',
  percentageFraction: 'A percentage is a fraction of at most 1',
  wholeNumberFromOne: 'Enter a whole number of at least 1',
  wholeNumberFromZero: 'Enter a whole number of at least 0',
  onlyMaxBillingCycle: 'Only max_billing_cycle can be changed on an existing subscription',
  paymentProduct: 'A subscription is charged by card or PayPal (payment_product card or paypal)',
} as const;
const m = RECURRING_MESSAGES;

/** The largest plan amount in cents: the business cap on every amount. */
export const PLAN_MAX_AMOUNT = MAX_AMOUNT_MINOR;
export const PLAN_MAX_INTERVAL_COUNT = 1000;
/** The largest number of billing cycles (plan and subscription maximum, discount duration). */
export const MAX_BILLING_CYCLES = 100_000;

/** Forms send "" for an empty optional field; the spec stores those as null. */
const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value) as z.output<T> | null);

const requiredText = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max);
const requiredId = z.string({ error: m.required }).trim().min(1, m.required).max(64);
const optionalId = emptyToNull(z.string().max(64));
const httpUrl = z.url({ protocol: /^https?$/, error: m.url }).max(2000);
const cycles = z
  .number({ error: m.wholeNumberFromOne })
  .int(m.wholeNumberFromOne)
  .min(1, m.wholeNumberFromOne)
  .max(MAX_BILLING_CYCLES);

const planFields = {
  name: requiredText(200),
  description: z.string().max(2000).nullable(),
  dynamic_descriptor: z.string().max(22).nullable(),
  payment_profile: requiredId,
  amount: z
    .number({ error: m.required })
    .int(m.wholeCents)
    .min(1, m.amountPositive)
    .max(PLAN_MAX_AMOUNT, m.amountTooLarge),
  checkout: optionalId,
  interval: z.enum(PLAN_INTERVALS, { error: m.required }),
  interval_count: z
    .number({ error: m.wholeNumberFromOne })
    .int(m.wholeNumberFromOne)
    .min(1, m.wholeNumberFromOne)
    .max(PLAN_MAX_INTERVAL_COUNT),
  max_billing_cycle: emptyToNull(cycles),
  statuses_subscription_update: z.array(z.enum(SUBSCRIPTION_STATUSES)).max(SUBSCRIPTION_STATUSES.length),
  webhook_subscription_update: emptyToNull(withoutCredentials(httpUrl)),
  email_subscription_update: emptyToNull(z.email({ error: m.email }).max(320)),
  redirect_url: emptyToNull(httpUrl),
};

/** A refusal of a rule over several fields: its code, params and English message. */
export type FieldIssue = { code: DetailCode; params: DetailParams; message: string };

type NotificationFields = {
  statuses_subscription_update?: readonly string[] | null;
  webhook_subscription_update?: string | null;
  email_subscription_update?: string | null;
};

/** payments.md §5 "Plan": chosen statuses need somewhere to send the update. */
export const planNotificationIssue = (plan: NotificationFields): FieldIssue | null =>
  (plan.statuses_subscription_update?.length ?? 0) > 0 &&
  !plan.webhook_subscription_update &&
  !plan.email_subscription_update
    ? { code: 'webhookOrEmail', params: {}, message: m.webhookOrEmail }
    : null;

const refinePlanNotifications = (plan: NotificationFields, ctx: z.RefinementCtx) => {
  const issue = planNotificationIssue(plan);
  if (issue) {
    for (const path of ['webhook_subscription_update', 'email_subscription_update'])
      ctx.addIssue({ code: 'custom', path: [path], ...coded(issue.code, issue.message) });
  }
};

/** Create a plan (payments.md §5 "Plan"). `organisation` defaults to the caller's own. */
export const ZPlanCreate = z
  .object({
    ...planFields,
    organisation: optionalId,
    description: planFields.description.optional().transform((v) => v ?? ''),
    dynamic_descriptor: planFields.dynamic_descriptor.optional().transform((v) => v ?? ''),
    interval_count: planFields.interval_count.default(1),
    statuses_subscription_update: planFields.statuses_subscription_update.default([]),
  })
  .superRefine(refinePlanNotifications);
export type TPlanCreate = z.infer<typeof ZPlanCreate>;

/** Update a plan: any subset of the fields; the webhook-or-email rule is checked on the merged plan. */
export const ZPlanUpdate = updateSchema(planFields);
export type TPlanUpdate = z.infer<typeof ZPlanUpdate>;

const discountFields = {
  name: requiredText(200),
  type: z.enum(DISCOUNT_TYPES, { error: m.required }),
  amount: z.number({ error: m.required }).positive(m.amountPositive).max(MAX_AMOUNT_MINOR, m.amountTooLarge),
  duration: emptyToNull(cycles),
  minimum_amount: emptyToNull(
    z
      .number({ error: m.wholeNumberFromZero })
      .int(m.wholeNumberFromZero)
      .min(0, m.wholeNumberFromZero)
      .max(MAX_AMOUNT_MINOR, m.amountTooLarge),
  ),
  limit_to_first_order: z.boolean(),
};

type DiscountAmount = { type?: DiscountType; amount?: number };

/** payments.md §5: fixed discounts are whole cents, percentages a fraction of at most 1. */
export const discountAmountIssue = ({ type, amount }: DiscountAmount): FieldIssue | null => {
  if (amount === undefined || type === undefined) return null;
  if (type === 'percentage' && amount > 1) return { code: 'tooBig', params: { max: 1 }, message: m.percentageFraction };
  if (type === 'fixed_cents' && !Number.isInteger(amount))
    return { code: 'wholeNumber', params: {}, message: m.wholeCents };
  return null;
};

const refineDiscountAmount = (discount: DiscountAmount, ctx: z.RefinementCtx) => {
  const issue = discountAmountIssue(discount);
  if (issue) ctx.addIssue({ code: 'custom', path: ['amount'], ...coded(issue.code, issue.message, issue.params) });
};

/** Create a subscription discount (payments.md §5 "Subscription discount"). */
export const ZSubscriptionDiscountCreate = z
  .object({
    ...discountFields,
    organisation: optionalId,
    type: discountFields.type.default('fixed_cents'),
    limit_to_first_order: discountFields.limit_to_first_order.default(false),
  })
  .superRefine(refineDiscountAmount);
export type TSubscriptionDiscountCreate = z.infer<typeof ZSubscriptionDiscountCreate>;

/** Update a discount: any subset; the amount rule is checked against the merged discount. */
export const ZSubscriptionDiscountUpdate = updateSchema(discountFields);
export type TSubscriptionDiscountUpdate = z.infer<typeof ZSubscriptionDiscountUpdate>;

/** Create a subscription (payments.md §5 "Subscription"); the form sends all of it. */
export const ZSubscriptionCreate = z.object({
  customer: requiredId,
  plan: requiredId,
  // A product outside the list (ideal, a typo) is not a missing value: it is named for what it is.
  payment_product: z
    .enum(SUBSCRIPTION_PAYMENT_PRODUCTS, {
      error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.paymentProduct),
    })
    .default('card'),
  /** Empty means the plan's own maximum. */
  max_billing_cycle: emptyToNull(cycles),
  /** The first due date; empty means now. */
  start_date: emptyToNull(z.iso.datetime({ offset: true })),
  subscription_discount: optionalId,
});
export type TSubscriptionCreate = z.infer<typeof ZSubscriptionCreate>;

const SUBSCRIPTION_UPDATE_KEYS = new Set(['id', 'max_billing_cycle']);

/** payments.md §5/§7: an existing subscription changes only its max_billing_cycle; any other key is refused by name. */
export const ZSubscriptionUpdate = z
  .object({
    id: z.string().max(64).optional(),
    /** Required; empty or null means no maximum. */
    max_billing_cycle: z
      .union([z.literal(''), z.null(), cycles], { error: m.wholeNumberFromOne })
      .transform((value) => (value === '' ? null : value)),
  })
  .catchall(z.unknown())
  .superRefine((body, ctx) => {
    for (const key of Object.keys(body)) {
      if (!SUBSCRIPTION_UPDATE_KEYS.has(key))
        ctx.addIssue({ code: 'custom', path: [key], ...coded('onlyMaxBillingCycle', m.onlyMaxBillingCycle) });
    }
  });
export type TSubscriptionUpdate = z.infer<typeof ZSubscriptionUpdate>;

/** Development control: run billing now, optionally at a simulated time. */
export const ZBillingRunBody = z.object({
  now: emptyToNull(z.iso.datetime({ offset: true })),
  organisation: optionalId,
});
export type TBillingRunBody = z.infer<typeof ZBillingRunBody>;
