import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TMe, TMode } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { meQueryOptions, useMe } from '@/lib/session.ts';

/** Queries that do not depend on the mode: who is signed in, and the app's configuration. */
const MODELESS = new Set(['auth', 'app-config']);

/** `POST /v1/auth/mode`: the signed-in user's choice of live or test data, kept per user by the server. */
export const chooseMode = (mode: TMode) => apiPost<TMe>('auth/mode', { mode });

/** The mode the back office shows; live until the server says otherwise. */
export const useMode = (): TMode => useMe().data?.mode ?? 'live';

/**
 * Drops every answer of the mode left behind: every list, count and statistic cached so far. Reset,
 * not merely marked stale, so a page never shows the other mode's figures while it fetches; the
 * queries on screen fetch again at once.
 */
export const resetModeQueries = (queryClient: QueryClient) =>
  queryClient.resetQueries({ predicate: (query) => !MODELESS.has(String(query.queryKey[0])) });

/**
 * Switches the mode. Every list, count and statistic cached so far was of the other mode, so the
 * cache is reset, not merely marked stale: a page never shows live figures under the test banner
 * while it fetches the test ones (or the other way round). The pages on screen fetch at once.
 */
export const useChooseMode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseMode,
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      await resetModeQueries(queryClient);
    },
  });
};
