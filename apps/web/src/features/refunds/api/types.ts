/** A refund as `GET /v1/refund` answers it with `transaction payment_profile` populated. */
export type RefundRow = {
  id: string;
  created_at: string;
  last_status_update: string | null;
  amount: number;
  currency_code: string;
  reason: string | null;
  status: string;
  processor_id_external: string | null;
  transaction: RefundTransaction | string | null;
  payment_profile: { id: string; name: string; currency_code: string | null } | string | null;
};

export type RefundTransaction = {
  id: string;
  created_at: string;
  merchant_reference: string | null;
  amount: number;
  refunded_amount: number;
  currency_code: string;
  status: string;
  payment_product_type: string;
  card_brand: string | null;
  recurring_type: string | null;
};

export { populated } from '../../../lib/entity-api.ts';
