import type { LinkTarget } from '@/components/entity-link.tsx';

/** The list a webhook's item opens in, by webhook type (a validation ruleset has no list of its own to filter). */
export const webhookItemPages: Partial<Record<string, LinkTarget>> = {
  transaction: 'transactions',
  refund: 'refunds',
  chargeback: 'chargebacks',
  cardlink: 'card-add-links',
  paymentlink: 'payment-links',
  subscription: 'subscriptions',
};
