import { useQuery } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api-client.ts';
import { listOptions } from '@/lib/entity-api.ts';
import type { ScheduledRow } from './types.ts';

export const SCHEDULED_POPULATE = 'customer transaction payment_profile';

/** `GET /v1/scheduled-transaction`: one page of the filtered list. */
export const scheduledTransactionsQueryOptions = listOptions<ScheduledRow>('scheduled-transaction', SCHEDULED_POPULATE);

export const useScheduledTransactions = (params: QueryParams, scope: string) =>
  useQuery(scheduledTransactionsQueryOptions(params, scope));
