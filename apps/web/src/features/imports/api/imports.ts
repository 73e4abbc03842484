import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TImportCreate, TImportRow } from '@kassa/domain';
import { apiGet, apiPost, type QueryParams } from '@/lib/api-client.ts';

export type ImportRow = TImportRow;

const isRunning = (rows: ImportRow[] | ImportRow | undefined) =>
  [rows ?? []].flat().some((row) => row.status === 'queued' || row.status === 'running');

/** `GET /v1/import`: polled every 2 s while an import is still queued or running, so progress shows. */
export const importsQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['import', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<ImportRow[]>('import', { _populate: 'organisation', ...params }, signal),
    refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false),
  });
export const importsCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['import', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('import/count', params, signal),
  });
export const useImport = (id: string) =>
  useQuery({
    queryKey: ['import', 'detail', id],
    queryFn: ({ signal }) =>
      apiGet<ImportRow>(`import/${encodeURIComponent(id)}`, { _populate: 'organisation' }, signal),
    refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false),
  });

export const useStartImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TImportCreate) => apiPost<ImportRow>('import', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['import'] }),
  });
};
