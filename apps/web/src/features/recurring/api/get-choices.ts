import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { CustomerRef } from './types.ts';

type ProfileChoice = { id: string; name: string; currency_code: string };

/** Payment profiles a plan can charge through (`GET /v1/paymentprofile`). */
export const usePaymentProfiles = (scope: string, enabled = true) =>
  useQuery({
    ...queryOptions({
      queryKey: ['paymentprofile', 'list', scope, 'choices'],
      queryFn: ({ signal }) => apiGet<ProfileChoice[]>('paymentprofile', { _limit: 500, _sort: 'name' }, signal),
    }),
    enabled,
  });

type CheckoutDesignChoice = { id: string; name: string; organisation: string };

/** Checkout designs a plan's hosted page can use (`GET /v1/checkoutdesign`); the server checks they are the plan's merchant's. */
export const useCheckoutDesignChoices = (scope: string) =>
  useQuery(
    queryOptions({
      queryKey: ['checkoutdesign', 'list', scope, 'choices'],
      queryFn: ({ signal }) => apiGet<CheckoutDesignChoice[]>('checkoutdesign', { _limit: 500, _sort: 'name' }, signal),
    }),
  );

/** Customers matching a search (e-mail, last name or id), 25 at most, for the subscription form. */
export const useCustomerSearch = (search: string, scope: string) =>
  useQuery(
    queryOptions({
      queryKey: ['customer', 'list', scope, 'search', search],
      queryFn: ({ signal }) => apiGet<CustomerRef[]>('customer', { _search: search || undefined, _limit: 25 }, signal),
    }),
  );
