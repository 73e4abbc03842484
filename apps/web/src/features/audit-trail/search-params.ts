import { listScreens } from '@kassa/domain';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** Audit trail list (risk-config.md §2.7): a month back by default, the spec's filters. */
export const auditTrailParams: ListParamsDef = {
  filters: {
    'created_at>': param.date(),
    'created_at<': param.date(),
    transaction: param.text(),
    destination: param.text(),
    route: param.text(),
    type: param.text(),
    'response_code>': param.int(),
    'response_code<': param.int(),
    authentication: param.oneOf(['api', 'jwt', 'none', 'system']),
  },
  sortable: ['created_at', 'route', 'type', 'response_code'],
  searchBy: ['route', 'type', 'user_name', 'id'],
  initial: listScreens.auditTrail.initial,
};
