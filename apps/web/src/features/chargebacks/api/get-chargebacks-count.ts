import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { countOptions } from '@/lib/entity-api.ts';

/** `GET /v1/chargeback/count` with the list's filters. */
export const chargebacksCountQueryOptions = countOptions('chargeback');

export const useChargebacksCount = (params: QueryParams, scope: string) =>
  useQuery(chargebacksCountQueryOptions(params, scope));
