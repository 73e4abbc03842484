import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { countOptions } from '@/lib/entity-api.ts';

/** `GET /v1/refund/count` with the list's filters. */
export const refundsCountQueryOptions = countOptions('refund');

export const useRefundsCount = (params: QueryParams, scope: string) =>
  useQuery(refundsCountQueryOptions(params, scope));
