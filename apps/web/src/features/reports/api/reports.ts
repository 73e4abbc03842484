import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TReportCreate, TReportRow, TReportScheduleCreate, TReportScheduleRow } from '@kassa/domain';
import { apiGet, apiPost, apiRequest, buildUrl, type QueryParams } from '@/lib/api-client.ts';

export type ReportFilters = Record<string, string | string[]>;
export type ReportRow = TReportRow;
export type ReportScheduleRow = TReportScheduleRow;

export const REPORTS_PAGE_SIZE = 10;

/** `GET /v1/report` newest first (and its count); polled every 2 s while a report is PENDING. */
export const useReports = (page: number, scope: string) => {
  const params: QueryParams = {
    _sort: '-created_at',
    _limit: REPORTS_PAGE_SIZE,
    _skip: (page - 1) * REPORTS_PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: ['report', 'list', scope, page],
    queryFn: ({ signal }) => apiGet<ReportRow[]>('report', params, signal),
    refetchInterval: (query) => (query.state.data?.some((row) => row.status === 'PENDING') ? 2000 : false),
  });
  const count = useQuery({
    queryKey: ['report', 'count', scope],
    queryFn: ({ signal }) => apiGet<{ count: number }>('report/count', {}, signal),
  });
  return { list, count };
};

export const useCreateReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportCreate) => apiPost<ReportRow>('report', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report'] }),
  });
};

export const useDeleteReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `report/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report'] }),
  });
};

export const useReportSchedules = (scope: string) =>
  useQuery({
    queryKey: ['report-schedule', 'list', scope],
    queryFn: ({ signal }) =>
      apiGet<ReportScheduleRow[]>('report-schedule', { _sort: '-created_at', _limit: 100 }, signal),
  });

export const useCreateSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportScheduleCreate) => apiPost<ReportScheduleRow>('report-schedule', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report-schedule'] }),
  });
};

export const useDeleteSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `report-schedule/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report-schedule'] }),
  });
};

/** Fetches the report's CSV (`GET /v1/report/{id}/download`) and saves it under the server's file name. */
export const downloadReportFile = async (id: string): Promise<void> => {
  const response = await fetch(buildUrl('GET', `report/${encodeURIComponent(id)}/download`), {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${id}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
