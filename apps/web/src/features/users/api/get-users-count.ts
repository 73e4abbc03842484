import { queryOptions } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';
import { userPath, type UserSide } from './types.ts';

/** `GET /v1/{user|psp/user}/count` with the list's filters. */
export const getUsersCount = (side: UserSide, params: QueryParams, signal?: AbortSignal) =>
  apiGet<{ count: number }>(`${userPath(side)}/count`, params, signal);

export const usersCountQueryOptions = (side: UserSide) => (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: [userPath(side), 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getUsersCount(side, params, signal),
  });
