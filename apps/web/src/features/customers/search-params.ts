import { listScreens, statusVocabularies } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { CUSTOMER_SEGMENTS } from './api/types.ts';

/** The customers list's URL contract: status, created_at range, segment, id (payments.md §2). */
export const customerListParams: ListParamsDef = {
  filters: {
    'created_at>': param.date(),
    'created_at<': param.date(),
    'status[]': param.anyOf(statusVocabularies.customer.values),
    segment: param.oneOf(CUSTOMER_SEGMENTS),
    id: param.text(),
  },
  sortable: ['created_at', 'last_name', 'email_address', 'city', 'country_code', 'segment', 'status'],
  searchBy: ['name', 'email_address', 'last_name', 'id'],
  initial: listScreens.customers.initial,
};
