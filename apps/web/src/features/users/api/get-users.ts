import { queryOptions } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';
import { userPath, type UserRow, type UserSide } from './types.ts';

/** `GET /v1/user` or `/v1/psp/user`: one page with the organisation populated. */
export const getUsers = (side: UserSide, params: QueryParams, signal?: AbortSignal) =>
  apiGet<UserRow[]>(userPath(side), { _populate: 'organisation', ...params }, signal);

export const usersQueryOptions = (side: UserSide) => (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: [userPath(side), 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getUsers(side, params, signal),
  });
