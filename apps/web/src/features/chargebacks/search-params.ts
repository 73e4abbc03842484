import { CHARGEBACK_REASON_CODES, listScreens, statusVocabularies } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** The chargebacks list's URL contract; starts one month back (payments.md §2). */
export const chargebackListParams: ListParamsDef = {
  filters: {
    'created_at>': param.date(),
    'created_at<': param.date(),
    'status[]': param.anyOf(statusVocabularies.chargeback.values),
    'reason_code[]': param.anyOf(Object.keys(CHARGEBACK_REASON_CODES)),
    'amount>': param.int(),
    'amount<': param.int(),
    transaction: param.text(),
  },
  sortable: ['created_at', 'amount', 'status', 'reason_code'],
  searchBy: ['id', 'transaction', 'processor_id_external'],
  initial: listScreens.chargebacks.initial,
};
