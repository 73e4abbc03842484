import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';
import type { ApiKeyRow } from './types.ts';

/** `GET /v1/apikey` (with the organisation) and its count; the server scopes them to the caller's tenancy. */
export const getApiKeys = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<ApiKeyRow[]>('apikey', { _populate: 'organisation', ...params }, signal);
export const getApiKeysCount = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<{ count: number }>('apikey/count', params, signal);
export const getApiKey = (id: string, signal?: AbortSignal) =>
  apiGet<ApiKeyRow>(`apikey/${encodeURIComponent(id)}`, { _populate: 'organisation' }, signal);

export const apiKeysQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['apikey', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getApiKeys(params, signal),
  });
export const apiKeysCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['apikey', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getApiKeysCount(params, signal),
  });
export const useApiKey = (id: string) =>
  useQuery({ queryKey: ['apikey', 'detail', id], queryFn: ({ signal }) => getApiKey(id, signal) });
