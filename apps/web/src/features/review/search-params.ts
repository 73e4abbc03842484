import { listScreens, statusVocabularies } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** The review queue's URL contract: pending cases first, the nearest SLA first (issue 36). */
export const reviewListParams: ListParamsDef = {
  filters: {
    'created_at>': param.date(),
    'created_at<': param.date(),
    'status[]': param.anyOf(statusVocabularies.review.values),
    'amount>': param.int(),
    'amount<': param.int(),
    assigned_to: param.text(),
  },
  sortable: ['created_at', 'amount', 'status', 'sla_due_at'],
  searchBy: ['id', 'transaction'],
  defaultSort: listScreens.review.defaultSort,
  initial: listScreens.review.initial,
};
