import {
  DISCOUNT_TYPES,
  PLAN_INTERVALS,
  SUBSCRIPTION_PAYMENT_PRODUCTS,
  SUBSCRIPTION_STATUSES,
  ZCheckoutDesignRef,
  ZPlanRow,
  ZSubscriptionDiscountRow,
  ZSubscriptionRow,
} from '@kassa/domain';
import { sql } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { customerEntity } from '../payments/customer.entity.ts';
import { organisationEntity, paymentProfileEntity } from '../settings/settings.entities.ts';

/**
 * Stand-in for checkout designs until they have their own table and entity: a plan's checkout
 * can only hold an id that was checked against `checkout_design` when that table exists, so this
 * populate never runs against a missing table.
 */
export const checkoutDesignRefEntity = defineEntity(ZCheckoutDesignRef, {
  name: 'checkout_design',
  table: 'checkout_design',
  tenancy: 'merchant',
  fields: { id: { type: 'id' }, name: { type: 'text' } },
});

export const planEntity = defineEntity(ZPlanRow, {
  name: 'plan',
  table: 'plan',
  tenancy: 'merchant',
  baseCondition: sql`e.deleted_at is null`,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    description: { type: 'text' },
    dynamic_descriptor: { type: 'text' },
    amount: { type: 'int', filter: true, sort: true },
    checkout: { type: 'id', column: 'e.checkout_id', filter: true },
    interval: { type: 'text', filter: true, sort: true, values: PLAN_INTERVALS },
    interval_count: { type: 'int', filter: true, sort: true },
    max_billing_cycle: { type: 'int', filter: true, sort: true },
    statuses_subscription_update: { type: 'text[]' },
    webhook_subscription_update: { type: 'text' },
    email_subscription_update: { type: 'text' },
    redirect_url: { type: 'text' },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: {
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
    checkout: { field: 'checkout', target: () => checkoutDesignRefEntity },
  },
});

export const subscriptionDiscountEntity = defineEntity(ZSubscriptionDiscountRow, {
  name: 'subscription_discount',
  table: 'subscription_discount',
  tenancy: 'merchant',
  baseCondition: sql`e.deleted_at is null`,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    type: { type: 'text', filter: true, sort: true, values: DISCOUNT_TYPES },
    amount: { type: 'number', filter: true, sort: true },
    duration: { type: 'int', filter: true, sort: true },
    minimum_amount: { type: 'int', filter: true, sort: true },
    limit_to_first_order: { type: 'bool', filter: true, sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});

/** The attached discounts of a subscription, newest first, in the spec's shape (payments.md §3). */
const discountsAttachedColumn = `(select coalesce(json_agg(json_build_object(
    'id', a.id, 'active', a.active, 'applied_duration', a.applied_duration, 'created_at', a.created_at,
    'subscription_discount', json_build_object('id', d.id, 'name', d.name, 'type', d.type, 'amount', d.amount,
      'duration', d.duration, 'minimum_amount', d.minimum_amount, 'limit_to_first_order', d.limit_to_first_order))
    order by a.created_at desc, a.id desc), '[]'::json)
  from subscription_discount_attached a join subscription_discount d on d.id = a.subscription_discount_id
  where a.subscription_id = e.id)`;

export const subscriptionEntity = defineEntity(ZSubscriptionRow, {
  name: 'subscription',
  table: 'subscription',
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    customer: { type: 'id', column: 'e.customer_id', filter: true },
    plan: { type: 'id', column: 'e.plan_id', filter: true },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true },
    payment_product: { type: 'text', filter: true, sort: true, values: SUBSCRIPTION_PAYMENT_PRODUCTS },
    subscription_url: { type: 'text' },
    start_date: { type: 'timestamp', filter: true, sort: true },
    billing_cycle: { type: 'int', filter: true, sort: true },
    due_date: { type: 'timestamp', filter: true, sort: true },
    next_attempt_at: { type: 'timestamp', filter: true, sort: true },
    max_billing_cycle: { type: 'int', filter: true, sort: true },
    status: { type: 'text', filter: true, sort: true, values: SUBSCRIPTION_STATUSES },
    status_reason: { type: 'text' },
    last_paid_cycle: { type: 'int', filter: true, sort: true },
    last_paid_date: { type: 'timestamp', filter: true, sort: true },
    cancelled_at: { type: 'timestamp', filter: true },
    subscription_discount: {
      type: 'id',
      column:
        '(select a.subscription_discount_id from subscription_discount_attached a where a.subscription_id = e.id and a.active)',
    },
    discounts_attached: { type: 'json', column: discountsAttachedColumn },
  },
  populate: {
    customer: { field: 'customer', target: () => customerEntity },
    plan: { field: 'plan', target: () => planEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
    subscription_discount: { field: 'subscription_discount', target: () => subscriptionDiscountEntity },
  },
});
