import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { userPath, type UserRow, type UserSide } from './types.ts';

/** One user for the detail panel. */
export const getUser = (side: UserSide, id: string, signal?: AbortSignal) =>
  apiGet<UserRow>(`${userPath(side)}/${encodeURIComponent(id)}`, { _populate: 'organisation' }, signal);

export const userQueryOptions = (side: UserSide, id: string) =>
  queryOptions({ queryKey: [userPath(side), 'detail', id], queryFn: ({ signal }) => getUser(side, id, signal) });

export const useUser = (side: UserSide, id: string) => useQuery(userQueryOptions(side, id));
