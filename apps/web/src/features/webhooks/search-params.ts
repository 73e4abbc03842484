import { WEBHOOK_TYPES, WEBHOOK_STATUSES_BY_TYPE } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** Every webhook status (portal.md §4), for the searchable status filter. */
export const WEBHOOK_STATUSES = [...new Set(Object.values(WEBHOOK_STATUSES_BY_TYPE).flat())];

/** The webhooks list's URL contract (portal.md §2.5 filters). */
export const webhookListParams: ListParamsDef = {
  filters: {
    'created_at>': param.date(),
    'created_at<': param.date(),
    'type[]': param.anyOf(WEBHOOK_TYPES),
    item_id: param.text(),
    'status[]': param.anyOf(WEBHOOK_STATUSES),
    'delivered_on>': param.date(),
    'delivered_on<': param.date(),
    manual: param.bool(),
  },
  sortable: ['created_at', 'type', 'delivered_on'],
  searchBy: ['id', 'url', 'item_id'],
};
