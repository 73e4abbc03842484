import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TShareRequestAnswer, TShareRequestCreate, TShareRequestRow } from '@kassa/domain';
import { apiGet, apiPost, type QueryParams } from '@/lib/api-client.ts';

type Ref = { id: string; name?: string };
export type ShareRequestRow = TShareRequestRow;

export const nameOf = (value: string | Ref | null) =>
  value === null ? null : typeof value === 'string' ? value : (value.name ?? value.id);

const POPULATE = 'organisation processor';
export const shareRequestsQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['sharerequest', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<ShareRequestRow[]>('sharerequest', { _populate: POPULATE, ...params }, signal),
  });
export const shareRequestsCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['sharerequest', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('sharerequest/count', params, signal),
  });
export const useShareRequest = (id: string) =>
  useQuery({
    queryKey: ['sharerequest', 'detail', id],
    queryFn: ({ signal }) =>
      apiGet<ShareRequestRow>(`sharerequest/${encodeURIComponent(id)}`, { _populate: POPULATE }, signal),
  });

/** The provider's processors a request can deliver to (processors are the provider's, so no organisation filter). */
export const useProcessorChoices = () =>
  useQuery({
    queryKey: ['processor', 'list', 'share-choices'],
    queryFn: ({ signal }) =>
      apiGet<Ref[]>('processor', { type: 'processor', _limit: 2000, _sort: 'name', organisation: null }, signal),
  });

const useShareMutation = <V>(call: (vars: V) => Promise<ShareRequestRow>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sharerequest'] }),
  });
};

/** `POST /v1/sharerequest`: the provider asks a merchant for credentials. */
export const useCreateShareRequest = () =>
  useShareMutation((body: TShareRequestCreate) => apiPost<ShareRequestRow>('sharerequest', body));
/** `POST /v1/sharerequest/{id}/share`: the merchant fills in every field. */
export const useAnswerShareRequest = () =>
  useShareMutation(({ id, body }: { id: string; body: TShareRequestAnswer }) =>
    apiPost<ShareRequestRow>(`sharerequest/${encodeURIComponent(id)}/share`, body),
  );
/** `…/revoke` (merchant) and `…/cancel` (provider). */
export const useEndShareRequest = () =>
  useShareMutation(({ id, action }: { id: string; action: 'revoke' | 'cancel' }) =>
    apiPost<ShareRequestRow>(`sharerequest/${encodeURIComponent(id)}/${action}`, {}),
  );
