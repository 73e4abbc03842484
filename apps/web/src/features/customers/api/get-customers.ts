import { listScreens } from '@kassa/domain';
import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { listOptions } from '@/lib/entity-api.ts';
import type { CustomerRow } from './types.ts';

/** `GET /v1/customer`: one page of the filtered list. */
export const customersQueryOptions = listOptions<CustomerRow>(listScreens.customers.path);

export const useCustomers = (params: QueryParams, scope: string) => useQuery(customersQueryOptions(params, scope));
