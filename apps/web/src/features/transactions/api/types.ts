/** A transaction as `GET /v1/transaction` answers it (with customer and processor populated). */
export type TransactionRow = {
  id: string;
  created_at: string;
  updated_at: string;
  merchant_reference: string | null;
  amount: number;
  currency_code: string;
  status: string;
  status_reason: string | null;
  blocked: boolean;
  payment_product_type: string;
  card_brand: string | null;
  card_bin: string | null;
  card_last4: string | null;
  recurring_type: string | null;
  tags: string[];
  country_code: string | null;
  description: string | null;
  processor_id_external: string | null;
  refunded_amount: number;
  subscription: string | null;
  subscription_cycle: number | null;
  customer: CustomerRef | string | null;
  processor: { id: string; name: string } | string | null;
  payment_profile: { id: string; name: string } | string | null;
  organisation: { id: string; name: string } | string | null;
  status_history?: { status: string; at?: string; date?: string; reason?: string | null }[];
};

export type CustomerRef = {
  id: string;
  email_address: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  street_address: string | null;
  house_number: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string | null;
  status: string | null;
};

export { populated } from '../../../lib/entity-api.ts';

export const customerName = (customer: CustomerRef | null) => (customer ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email_address || customer.id : '');
