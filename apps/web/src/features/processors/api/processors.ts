import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TChangeAccepted,
  TMiddlewareCreate,
  TMiddlewareRow,
  TMiddlewareUpdate,
  TProcessorCreate,
  TProcessorDetail,
  TProcessorRow,
  TProcessorUpdate,
  TProcessorValues,
  TProcessorWithDetails,
} from '@kassa/domain';
import { apiGet, apiPost, type QueryParams } from '@/lib/api-client.ts';
import { changeNoteHeaders } from '@/lib/change-requests.ts';

export type ProcessorRow = TProcessorRow;
export type ProcessorKind = ProcessorRow['type'];
export type MiddlewareRow = TMiddlewareRow;
export type ProcessorWithDetails = TProcessorWithDetails;

/** `GET /v1/processor?type=…` (one kind per screen) and its count. */
export const processorsQueryOptions = (kind: ProcessorKind) => (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['processor', 'list', kind, scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<ProcessorRow[]>('processor', { ...params, type: kind }, signal),
  });
export const processorsCountQueryOptions = (kind: ProcessorKind) => (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['processor', 'count', kind, scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('processor/count', { ...params, type: kind }, signal),
  });

/** One processor with its credentials' names and hints (`GET processor/{id}` and `…/details`). */
export const useProcessor = (id: string | null) =>
  useQuery({
    queryKey: ['processor', 'detail', id],
    enabled: Boolean(id),
    queryFn: async ({ signal }): Promise<ProcessorWithDetails> => {
      const path = `processor/${encodeURIComponent(id as string)}`;
      const [row, details] = await Promise.all([
        apiGet<ProcessorRow>(path, undefined, signal),
        apiGet<TProcessorDetail[]>(`${path}/details`, undefined, signal),
      ]);
      return { ...row, details };
    },
  });

/** Refreshes processors and, as a credentials change may now wait for approval, the change requests. */
const refreshAfterSave = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['processor'] }),
    queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
  ]);

/** `POST /v1/processor[/{id}]`. Under the four-eyes policy credentials wait for approval (202) and `note` says why. */
export const useSaveProcessor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, note }: { id: string | null; body: TProcessorCreate | TProcessorUpdate; note?: string }) =>
      apiPost<ProcessorWithDetails | TChangeAccepted>(id ? `processor/${encodeURIComponent(id)}` : 'processor', body, {
        headers: changeNoteHeaders(note),
      }),
    onSuccess: () => refreshAfterSave(queryClient),
  });
};

/** `POST /v1/processor/{id}/values`: only the values of existing detail rows (the form in a merchant's context). */
export const useSaveProcessorValues = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, note }: { id: string; body: TProcessorValues; note?: string }) =>
      apiPost<ProcessorWithDetails | TChangeAccepted>(`processor/${encodeURIComponent(id)}/values`, body, {
        headers: changeNoteHeaders(note),
      }),
    onSuccess: () => refreshAfterSave(queryClient),
  });
};

export const middlewareQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['middleware', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<MiddlewareRow[]>('middleware', params, signal),
  });
export const middlewareCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['middleware', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('middleware/count', params, signal),
  });
export const useMiddleware = (id: string | null) =>
  useQuery({
    queryKey: ['middleware', 'detail', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => apiGet<MiddlewareRow>(`middleware/${encodeURIComponent(id as string)}`, undefined, signal),
  });

export const useSaveMiddleware = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TMiddlewareCreate | TMiddlewareUpdate }) =>
      apiPost<MiddlewareRow>(id ? `middleware/${encodeURIComponent(id)}` : 'middleware', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['middleware'] }),
  });
};
