/** The two kinds of customer links, by their API path. */
export type LinkKind = 'payment-link' | 'card-add-link';

/** A payment link or card-add link as the API answers it (amount and currency only on payment links). */
export type LinkRow = {
  id: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
  description: string | null;
  merchant_reference: string | null;
  active: boolean;
  url: string;
  status: string;
  amount?: number;
  currency_code?: string;
  customer: LinkCustomer | string | null;
  payment_profile: { id: string; name: string; currency_code: string | null } | string | null;
  transaction?: { id: string; merchant_reference: string | null; status: string } | string | null;
};

export type LinkCustomer = { id: string; first_name: string | null; last_name: string | null; email_address: string | null };

/** The status vocabulary of each kind (payments.md §4). */
export const vocabularyOf = (kind: LinkKind) => (kind === 'payment-link' ? 'paymentLink' : 'cardAddLink') as 'paymentLink' | 'cardAddLink';

export { populated } from '../../../lib/entity-api.ts';

export const customerLabel = (customer: LinkCustomer | null) =>
  customer ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email_address || customer.id : '';
