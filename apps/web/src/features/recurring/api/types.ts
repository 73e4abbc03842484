import type {
  TCustomer,
  TDiscountAttached,
  TPlanRow,
  TSubscriptionDiscountRow,
  TSubscriptionRow,
  TTransactionRow,
} from '@kassa/domain';

export { populated } from '@/lib/entity-api.ts';
/** The id of a relation, populated or not. */
export const idOf = (value: { id: string } | string | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A plan as `GET /v1/plan` answers it (payments.md §3). */
export type PlanRow = TPlanRow;
/** A subscription discount (payments.md §3): cents, or a fraction for percentage. */
export type DiscountRow = TSubscriptionDiscountRow;
export type DiscountAttached = TDiscountAttached;
export type CustomerRef = TCustomer;

export const customerName = (customer: CustomerRef | null) =>
  customer
    ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email_address || customer.id
    : '';

/** A subscription (payments.md §3) with its attached discounts. */
export type SubscriptionRow = TSubscriptionRow;

/** A charge of a subscription, as the transaction list answers it. */
export type SubscriptionTransaction = TTransactionRow;

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
