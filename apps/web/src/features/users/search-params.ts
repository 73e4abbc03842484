import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';

/** The users lists' URL contract, in the API's own names. */
export const userListParams: ListParamsDef = {
  filters: {
    status: param.oneOf(['active', 'disabled']),
    mfa: param.oneOf(['email', 'google']),
    roles: param.text(),
    email: param.text(),
  },
  sortable: ['created_at', 'email', 'name', 'status', 'last_login_at'],
  defaultSort: 'name',
  searchBy: ['name', 'email', 'id'],
};
