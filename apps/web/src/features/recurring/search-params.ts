import {
  LINK_SUBSCRIPTION_STATUSES,
  PLAN_INTERVALS,
  SUBSCRIPTION_PAYMENT_PRODUCTS,
  SUBSCRIPTION_STATUSES,
} from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** Plans list (payments.md §2): amount range, interval, id. */
export const planListParams: ListParamsDef = {
  filters: {
    'amount>': param.int(),
    'amount<': param.int(),
    'interval[]': param.anyOf(PLAN_INTERVALS),
    id: param.text(),
  },
  sortable: ['created_at', 'name', 'amount', 'interval', 'max_billing_cycle'],
  searchBy: ['name', 'id'],
};

/** Subscriptions list (payments.md §2): max cycles and due date ranges, product, plan, status, profile, customer. */
export const subscriptionListParams: ListParamsDef = {
  filters: {
    'max_billing_cycle>': param.int(),
    'max_billing_cycle<': param.int(),
    'due_date>': param.date(),
    'due_date<': param.date(),
    'payment_product[]': param.anyOf(SUBSCRIPTION_PAYMENT_PRODUCTS),
    'plan[]': param.texts(),
    'status[]': param.anyOf(SUBSCRIPTION_STATUSES),
    'payment_profile[]': param.texts(),
    customer: param.text(),
    id: param.text(),
  },
  sortable: ['created_at', 'amount', 'billing_cycle', 'due_date', 'max_billing_cycle', 'status', 'payment_product'],
  searchBy: ['id'],
};

/** Subscription discounts list (payments.md §2). */
export const discountListParams: ListParamsDef = {
  filters: { 'type[]': param.anyOf(['fixed_cents', 'percentage']), id: param.text() },
  sortable: ['created_at', 'name', 'amount', 'duration', 'minimum_amount'],
  searchBy: ['name', 'id'],
};

/** The subscription link may be handed out in these statuses (payments.md §2). */
export const canCopyLink = (status: string) => (LINK_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
