import type { TScheduledTransactionRow } from '@kassa/domain';
import { populated } from '@/lib/entity-api.ts';

/** A scheduled transaction as `GET /v1/scheduled-transaction` answers it (customer, transaction populated). */
export type ScheduledRow = TScheduledTransactionRow;

export { populated };

export const customerLabel = (customer: ScheduledRow['customer']) => {
  const c = populated(customer);
  return c ? [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email_address || c.id : '';
};
