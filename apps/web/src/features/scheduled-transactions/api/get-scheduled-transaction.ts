import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '@/lib/entity-api.ts';
import { SCHEDULED_POPULATE } from './get-scheduled-transactions.ts';
import type { ScheduledRow } from './types.ts';

/** `GET /v1/scheduled-transaction/:id` for the detail panel. */
export const scheduledTransactionQueryOptions = detailOptions<ScheduledRow>(
  'scheduled-transaction',
  SCHEDULED_POPULATE,
);

export const useScheduledTransaction = (id: string, scope: string) =>
  useQuery(scheduledTransactionQueryOptions(id, scope));
