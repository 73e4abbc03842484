import { statusVocabularies } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import type { LinkKind } from './api/types.ts';

const common = {
  'created_at>': param.date(),
  'created_at<': param.date(),
  'expires_at>': param.date(),
  'expires_at<': param.date(),
  active: param.bool(),
  merchant_reference: param.text(),
  customer: param.text(),
  id: param.text(),
};

/**
 * The links lists' URL contracts. Payment links start at `active=true` (payments.md §2); the spec
 * gives card-add links no initial filter, so they start the same way (docs/decisions.md).
 */
export const linkListParams: Record<LinkKind, ListParamsDef> = {
  'payment-link': {
    filters: {
      ...common,
      'status[]': param.anyOf(statusVocabularies.paymentLink.values),
      'amount>': param.int(),
      'amount<': param.int(),
    },
    sortable: ['created_at', 'expires_at', 'merchant_reference', 'amount', 'status'],
    searchBy: ['merchant_reference', 'description', 'id', 'customer'],
    initial: () => ({ active: 'true' }),
  },
  'card-add-link': {
    filters: { ...common, 'status[]': param.anyOf(statusVocabularies.cardAddLink.values) },
    sortable: ['created_at', 'expires_at', 'merchant_reference', 'status'],
    searchBy: ['merchant_reference', 'description', 'id', 'customer'],
    initial: () => ({ active: 'true' }),
  },
};
