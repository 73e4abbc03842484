import { queryOptions } from '@tanstack/react-query';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';
import type { WelcomeMailRow } from './types.ts';

/** `GET /v1/psp/welcome-mail` and its count. */
export const getWelcomeMails = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<WelcomeMailRow[]>('psp/welcome-mail', params, signal);
export const getWelcomeMailsCount = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<{ count: number }>('psp/welcome-mail/count', params, signal);

export const welcomeMailsQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['welcome-mail', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getWelcomeMails(params, signal),
  });
export const welcomeMailsCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['welcome-mail', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => getWelcomeMailsCount(params, signal),
  });
