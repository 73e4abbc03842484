import type { TCustomer, TTransactionRow } from '@kassa/domain';

/** A transaction as `GET /v1/transaction` answers it (with customer and processor populated). */
export type TransactionRow = TTransactionRow;
export type CustomerRef = TCustomer;

export { populated } from '@/lib/entity-api.ts';

export const customerName = (customer: CustomerRef | null) =>
  customer
    ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email_address || customer.id
    : '';
