import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChangePolicy, TChangePolicyUpdate, TChangeRequestRow } from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';

export type ChangeTab = 'pending' | 'mine' | 'approved' | 'rejected' | 'expired';
export const CHANGE_TABS: ChangeTab[] = ['pending', 'mine', 'approved', 'rejected', 'expired'];

/** `GET /v1/changerequest` for a tab of the Changes screen, newest first (pending also lists emergencies awaiting approval). */
export const useChangeRequests = (tab: ChangeTab, me: string | undefined) =>
  useQuery({
    queryKey: ['changerequest', 'list', tab, me],
    queryFn: ({ signal }) =>
      apiGet<TChangeRequestRow[]>(
        'changerequest',
        {
          _sort: '-created_at',
          _limit: '100',
          ...(tab === 'mine'
            ? { requested_by: me ?? '' }
            : tab === 'pending'
              ? { status: ['pending', 'emergency'] }
              : { status: tab }),
        },
        signal,
      ),
    enabled: tab !== 'mine' || Boolean(me),
  });

/** Approve or reject with a comment; refreshes the lists, the badge and what the change touched. */
export const useDecide = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verdict, comment }: { id: string; verdict: 'approve' | 'reject'; comment: string }) =>
      apiPost<TChangeRequestRow>(`changerequest/${encodeURIComponent(id)}/${verdict}`, { comment }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};

/** The author withdraws or renews (against the current version) a request. */
export const useAuthorAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'withdraw' | 'renew' }) =>
      apiPost<unknown>(`changerequest/${encodeURIComponent(id)}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
  });
};

/** Processor names by id, so a routing diff and backtest read as names (ids where the reader may not list processors). */
export const useProcessorNames = () =>
  useQuery({
    queryKey: ['processor', 'names'],
    queryFn: async ({ signal }) =>
      new Map(
        (await apiGet<{ id: string; name: string }[]>('processor', { _limit: '200', _fields: 'id name' }, signal)).map(
          (p) => [p.id, p.name],
        ),
      ),
    staleTime: 300_000,
    retry: false,
  });

/** `POST /v1/changepolicy`: the organisation's own kinds and expiry; refreshes every form's view of the policy. */
export const useSaveChangePolicy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePolicyUpdate) => apiPost<TChangePolicy>('changepolicy', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['changepolicy'] }),
  });
};
