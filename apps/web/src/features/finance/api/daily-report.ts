import { useQuery } from '@tanstack/react-query';
import type { TDailyReportRow } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

/** `GET /v1/report/daily` between two UTC days (inclusive). */
export const useDailyReport = (from: string, to: string, scope: string) =>
  useQuery({
    queryKey: ['report-daily', scope, from, to],
    queryFn: ({ signal }) => apiGet<TDailyReportRow[]>('report/daily', { 'day>': from, 'day<': to }, signal),
  });
