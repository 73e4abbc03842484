import { listScreens, statusVocabularies } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** The refunds list's URL contract; starts one month back (payments.md §2). */
export const refundListParams: ListParamsDef = {
  filters: {
    'created_at>': param.date(),
    'created_at<': param.date(),
    'status[]': param.anyOf(statusVocabularies.refund.values),
    'amount>': param.int(),
    'amount<': param.int(),
    transaction: param.text(),
    id: param.text(),
  },
  sortable: ['created_at', 'last_status_update', 'amount', 'status'],
  searchBy: ['id', 'transaction', 'processor_id_external', 'reason'],
  initial: listScreens.refunds.initial,
};
