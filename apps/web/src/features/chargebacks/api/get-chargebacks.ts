import { listScreens } from '@kassa/domain';
import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { listOptions } from '@/lib/entity-api.ts';
import type { ChargebackRow } from './types.ts';

/** payments.md §7 populate params of chargebacks (card and settlement are not shown by this list). */
export const CHARGEBACK_POPULATE = listScreens.chargebacks.populate;

/** `GET /v1/chargeback`: one page of the filtered list. */
export const chargebacksQueryOptions = listOptions<ChargebackRow>(
  'chargeback',
  CHARGEBACK_POPULATE,
  listScreens.chargebacks.fields,
);

export const useChargebacks = (params: QueryParams, scope: string) => useQuery(chargebacksQueryOptions(params, scope));
