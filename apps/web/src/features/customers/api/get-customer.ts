import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '@/lib/entity-api.ts';
import type { CustomerRow } from './types.ts';

/** `GET /v1/customer/:id` for the detail panel. */
export const customerQueryOptions = detailOptions<CustomerRow>('customer');

export const useCustomer = (id: string, scope: string) => useQuery(customerQueryOptions(id, scope));
