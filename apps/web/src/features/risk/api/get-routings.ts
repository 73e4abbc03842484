import { useQuery } from '@tanstack/react-query';
import { detailOptions, listOptions } from '@/lib/entity-api.ts';
import type { RoutingRow } from './types.ts';

/** `GET /v1/routing?_populate=organisation` (§7), every routing of the context, and one by id. */
export const routingsQueryOptions = listOptions<RoutingRow>('routing', 'organisation');
export const routingQueryOptions = detailOptions<RoutingRow>('routing', 'organisation');
export const useRoutings = (scope: string) => useQuery(routingsQueryOptions({ _limit: 'null', _sort: 'name' }, scope));
export const useRouting = (id: string | null, scope: string) =>
  useQuery({ ...routingQueryOptions(id ?? '', scope), enabled: Boolean(id) });
