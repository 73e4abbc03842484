import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OptionalModule, TAppConfig } from '@kassa/domain';
import { apiRequest } from './api-client.ts';

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => apiRequest<TAppConfig>('GET', 'app-config', { signal, ignoreUnauthorized: true }),
    staleTime: Infinity,
  });

/** Branding, optional modules and mode, as the server configures them (`GET /v1/app-config`). */
export const useAppConfig = () => useQuery(appConfigQueryOptions());

/** The optional modules switched on; none until the configuration has loaded. */
export const useEnabledModules = (): readonly OptionalModule[] => useAppConfig().data?.modules ?? [];
