import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';

/** One statistics call (`GET /v1/{path}` with the dashboard's range and filters), keyed by path, scope and params. */
export const statisticsOptions = <T>(path: string, params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['statistics', path, scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<T>(path, params, signal),
  });

export const useStatistics = <T>(path: string, params: QueryParams, scope: string, enabled = true) =>
  useQuery({ ...statisticsOptions<T>(path, params, scope), enabled });
