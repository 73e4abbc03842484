import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { countOptions } from '@/lib/entity-api.ts';

/** `GET /v1/customer/count` with the list's filters. */
export const customersCountQueryOptions = countOptions('customer');

export const useCustomersCount = (params: QueryParams, scope: string) =>
  useQuery(customersCountQueryOptions(params, scope));
