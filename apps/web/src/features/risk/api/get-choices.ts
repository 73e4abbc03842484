import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { isProvider } from '@/lib/authorisation.ts';
import { useMe } from '@/lib/session.ts';
import type { OrganisationChoice, ProcessorChoice, ProfileChoice } from './types.ts';

/** `GET /v1/processor?_limit=2000`, optionally of one payment product (§7, §9). */
export const useProcessors = (paymentProduct?: string | null) =>
  useQuery(
    queryOptions({
      queryKey: ['processor', 'list', 'choices', paymentProduct ?? 'all'],
      queryFn: ({ signal }) =>
        apiGet<ProcessorChoice[]>(
          'processor',
          { _limit: 2000, _sort: 'name', payment_product: paymentProduct ?? undefined },
          signal,
        ),
    }),
  );

/** Organisations a routing, ruleset or tag can belong to (`GET /v1/organisation`). */
export const useOrganisations = (scope: string) =>
  useQuery(
    queryOptions({
      queryKey: ['organisation', 'list', scope, 'choices'],
      queryFn: ({ signal }) => apiGet<OrganisationChoice[]>('organisation', { _limit: 500, _sort: 'name' }, signal),
    }),
  );

/** Payment profiles a ruleset can be limited to. */
export const usePaymentProfiles = (scope: string) =>
  useQuery(
    queryOptions({
      queryKey: ['paymentprofile', 'list', scope, 'risk-choices'],
      queryFn: ({ signal }) => apiGet<ProfileChoice[]>('paymentprofile', { _limit: 500, _sort: 'name' }, signal),
    }),
  );

/** The MCC list of the mcc rule (`GET /v1/mcc`), loaded once per session. */
export const useMccList = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ['mcc'],
      staleTime: Infinity,
      enabled,
      queryFn: ({ signal }) => apiGet<{ code: string; description: string }[]>('mcc', {}, signal),
    }),
  );

/**
 * Whether a ruleset or tag was made above the user's own organisation (a sub-organisation's user
 * reads the merchant's, which apply to its payments): read-only for this user, as the server keeps it.
 * Unknown until the organisations have loaded: nothing is offered that may be refused.
 */
export const useIsInherited = (scope: string) => {
  const { data: me } = useMe();
  const organisations = useOrganisations(scope);
  const own = new Set((organisations.data ?? []).map((org) => org.id));
  return (organisation: { id: string } | string | null | undefined) => {
    // Provider staff change every merchant's rows.
    if (isProvider(me)) return false;
    const id = typeof organisation === 'string' ? organisation : organisation?.id;
    return !organisations.data || (id !== undefined && !own.has(id));
  };
};
