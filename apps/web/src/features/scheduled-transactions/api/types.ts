/** A scheduled transaction as `GET /v1/scheduled-transaction` answers it (customer, transaction populated). */
export type ScheduledRow = {
  id: string;
  created_at: string;
  updated_at: string;
  due_at: string;
  amount: number;
  currency_code: string;
  status: string;
  attempts: number;
  failure_reason: string | null;
  customer: { id: string; first_name: string | null; last_name: string | null; email_address: string | null } | string | null;
  subscription: string | null;
  transaction: { id: string; merchant_reference: string | null; status: string } | string | null;
  payment_profile: { id: string; name: string } | string | null;
};

import { populated } from '../../../lib/entity-api.ts';

export { populated };

export const customerLabel = (customer: ScheduledRow['customer']) => {
  const c = populated(customer);
  return c ? [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email_address || c.id : '';
};
