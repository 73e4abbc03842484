import { statusVocabularies } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** `/transactions/scheduled` starts at `status[]=CREATED` (payments.md §2), soonest due first. */
export const scheduledListParams: ListParamsDef = {
  filters: {
    'status[]': param.anyOf(statusVocabularies.scheduledTransaction.values),
    'due_at>': param.date(),
    'due_at<': param.date(),
    'amount>': param.int(),
    'amount<': param.int(),
    customer: param.text(),
    subscription: param.text(),
  },
  sortable: ['due_at', 'created_at', 'amount', 'status', 'attempts'],
  defaultSort: 'due_at',
  searchBy: ['id', 'customer', 'subscription', 'transaction'],
  initial: () => ({ 'status[]': ['CREATED'] }),
};
