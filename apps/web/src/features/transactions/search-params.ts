import { listScreens, PAYMENT_PRODUCTS, statusVocabularies } from '@kassa/domain';
import { param, parseListParams, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** The transactions list's URL contract: filters in the API's own names (payments.md). */
export const transactionListParams: ListParamsDef = {
  filters: {
    'created_at>': param.date(),
    'created_at<': param.date(),
    'status[]': param.anyOf(statusVocabularies.transaction.values),
    'payment_product_type[]': param.anyOf(PAYMENT_PRODUCTS),
    'amount>': param.int(),
    'amount<': param.int(),
    currency_code: param.text(),
    country_code: param.text(),
    // Drill-downs of the transactions dashboard's breakdowns (payments §7).
    card_brand: param.text(),
    platform: param.text(),
    browser: param.text(),
    issuer: param.text(),
    issuer_country: param.text(),
    merchant_reference: param.text(),
    id: param.text(),
    customer: param.text(),
  },
  sortable: ['created_at', 'merchant_reference', 'amount', 'status', 'payment_product_type'],
  searchBy: ['merchant_reference', 'id', 'customer'],
  initial: listScreens.transactions.initial,
};

export const parseTransactionParams = (search: URLSearchParams) => parseListParams(transactionListParams, search);
