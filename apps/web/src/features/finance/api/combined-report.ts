import { useQuery } from '@tanstack/react-query';
import type { TCombinedReport } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/report/combined` between two UTC days (inclusive), in the organisation context. */
export const useCombinedReport = (from: string, to: string, scope: string) =>
  useQuery({
    queryKey: ['report-combined', scope, from, to],
    queryFn: ({ signal }) => apiGet<TCombinedReport>('report/combined', { 'day>': from, 'day<': to }, signal),
  });
