import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganisationRow } from '@kassa/domain';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';

export type OrganisationRow = TOrganisationRow;

/** `GET /v1/organisation` with explicit filters (an explicit `organisation` overrides the context). */
export const getOrganisations = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<OrganisationRow[]>('organisation', params, signal);

export const organisationsQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: ['organisations', 'list', params],
    queryFn: ({ signal }) => getOrganisations(params, signal),
    staleTime: 5 * 60_000,
  });

/** Organisations for pickers (selector, filters); disabled until `enabled`. */
export const useOrganisations = (params: QueryParams, enabled = true) =>
  useQuery({ ...organisationsQueryOptions(params), enabled });
