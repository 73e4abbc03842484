import type { TCardAddLinkRow, TCustomer, TPaymentLinkRow } from '@kassa/domain';

/** The two kinds of customer links, by their API path. */
export type LinkKind = 'payment-link' | 'card-add-link';

/** A payment link or card-add link as the API answers it (amount, currency and transaction only on payment links). */
export type LinkRow = TCardAddLinkRow & Partial<Pick<TPaymentLinkRow, 'amount' | 'currency_code' | 'transaction'>>;

export type LinkCustomer = TCustomer;

/** The status vocabulary of each kind (payments.md §4). */
export const vocabularyOf = (kind: LinkKind) =>
  (kind === 'payment-link' ? 'paymentLink' : 'cardAddLink') as 'paymentLink' | 'cardAddLink';

export { populated } from '@/lib/entity-api.ts';

export const customerLabel = (customer: LinkCustomer | null) =>
  customer
    ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email_address || customer.id
    : '';
