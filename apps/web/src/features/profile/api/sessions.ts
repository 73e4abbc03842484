import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOwnSession } from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';

/** `GET /v1/profile/sessions`: the signed-in user's live sessions. */
export const getSessions = (signal?: AbortSignal) => apiGet<TOwnSession[]>('profile/sessions', undefined, signal);

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'sessions'], queryFn: ({ signal }) => getSessions(signal) });
export const useSessions = () => useQuery(sessionsQueryOptions());

/** Ends one session (`id`) or every other session (`others`); the list reloads. */
export const useEndSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { id: string } | 'others') =>
      apiPost<{ ok: boolean }>(
        target === 'others'
          ? 'profile/sessions/revoke-others'
          : `profile/sessions/${encodeURIComponent(target.id)}/revoke`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile', 'sessions'] }),
  });
};
