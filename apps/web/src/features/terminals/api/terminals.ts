import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTerminalCreate, TTerminalRow, TTerminalUpdate } from '@kassa/domain';
import { apiGet, apiPost, type QueryParams } from '@/lib/api-client.ts';

export type TerminalRow = TTerminalRow;
export type ProfileChoice = { id: string; name: string; currency_code: string };

export const terminalsQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['terminal', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<TerminalRow[]>('terminal', { _populate: 'payment_profile', ...params }, signal),
  });
export const terminalsCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['terminal', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('terminal/count', params, signal),
  });
export const useTerminal = (id: string | null) =>
  useQuery({
    queryKey: ['terminal', 'detail', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => apiGet<TerminalRow>(`terminal/${encodeURIComponent(id as string)}`, undefined, signal),
  });

/** The payment profiles a terminal can take payments for (the context's merchant). */
export const useProfileChoices = (scope: string) =>
  useQuery({
    queryKey: ['paymentprofile', 'list', scope, 'choices'],
    queryFn: ({ signal }) => apiGet<ProfileChoice[]>('paymentprofile', { _limit: 500, _sort: 'name' }, signal),
  });

/** `POST /v1/terminal` registers; with an id it edits. */
export const useSaveTerminal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TTerminalCreate | TTerminalUpdate }) =>
      apiPost<TerminalRow>(id ? `terminal/${encodeURIComponent(id)}` : 'terminal', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['terminal'] }),
  });
};
