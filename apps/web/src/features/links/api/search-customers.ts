import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { LinkCustomer } from './types.ts';

/** Customers whose e-mail, last name or id starts with the term (the card-add link's customer). */
export const searchCustomers = (search: string, signal?: AbortSignal) =>
  apiGet<LinkCustomer[]>('customer', { _search: search, _limit: 25 }, signal);

export const customerSearchOptions = (search: string, scope: string) =>
  queryOptions({
    queryKey: ['customer', 'search', scope, search],
    queryFn: ({ signal }) => searchCustomers(search, signal),
  });

export const useCustomerSearch = (search: string, scope: string) =>
  useQuery({ ...customerSearchOptions(search, scope), enabled: search.length > 0, placeholderData: keepPreviousData });
