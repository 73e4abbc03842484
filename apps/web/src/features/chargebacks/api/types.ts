/** A chargeback as `GET /v1/chargeback` answers it with `transaction payment_profile processor`. */
export type ChargebackRow = {
  id: string;
  created_at: string;
  updated_at: string;
  amount: number;
  currency_code: string;
  reason_code: string | null;
  reason: string | null;
  status: string;
  processor_id_external: string | null;
  transaction: ChargebackTransaction | string | null;
  payment_profile: { id: string; name: string } | string | null;
  processor: { id: string; name: string } | string | null;
};

export type ChargebackTransaction = {
  id: string;
  created_at: string;
  merchant_reference: string | null;
  amount: number;
  refunded_amount: number;
  currency_code: string;
  status: string;
  payment_product_type: string;
  card_brand: string | null;
  card_last4: string | null;
  recurring_type: string | null;
  country_code: string | null;
};

export { populated } from '../../../lib/entity-api.ts';
