import { listScreens } from '@kassa/domain';
import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { listOptions } from '@/lib/entity-api.ts';
import type { RefundRow } from './types.ts';

/** `GET /v1/refund` with the relations the list shows (payments.md §7 populate params). */
export const refundsQueryOptions = listOptions<RefundRow>(
  listScreens.refunds.path,
  listScreens.refunds.populate,
  listScreens.refunds.fields,
);

export const useRefunds = (params: QueryParams, scope: string) => useQuery(refundsQueryOptions(params, scope));
