import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { countOptions } from '@/lib/entity-api.ts';

/** `GET /v1/scheduled-transaction/count` with the list's filters. */
export const scheduledTransactionsCountQueryOptions = countOptions('scheduled-transaction');

export const useScheduledTransactionsCount = (params: QueryParams, scope: string) =>
  useQuery(scheduledTransactionsCountQueryOptions(params, scope));
