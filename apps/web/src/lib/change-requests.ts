import { useQuery } from '@tanstack/react-query';
import { CHANGE_NOTE_HEADER, type TChangeAccepted, type TChangePolicy } from '@kassa/domain';
import { apiGet } from './api-client.ts';

/** The kinds of change that wait for a second person in an organisation (the caller's own without one). */
export const useChangePolicy = (organisation: string | null | undefined, enabled = true) =>
  useQuery({
    queryKey: ['changepolicy', organisation ?? 'own'],
    queryFn: ({ signal }) => apiGet<TChangePolicy>('changepolicy', organisation ? { organisation } : {}, signal),
    staleTime: 60_000,
    retry: false,
    enabled,
  });

/** How many requests of others the signed-in person could decide (the menu badge). */
export const useDecidableCount = (enabled: boolean) =>
  useQuery({
    queryKey: ['changerequest', 'decidable'],
    queryFn: ({ signal }) => apiGet<{ count: number }>('changerequest/decidable/count', {}, signal),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });

/** How many emergency changes are past their 24 hours without an approval after the fact (the dashboard's warning). */
export const useOverdueEmergencyCount = (enabled: boolean) =>
  useQuery({
    queryKey: ['changerequest', 'overdue'],
    queryFn: ({ signal }) => apiGet<{ count: number }>('changerequest/count', { overdue: 'true' }, signal),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });

/** The header of a change under the policy; the note is percent-encoded (header values are Latin-1). */
export const changeNoteHeaders = (note: string | undefined): Record<string, string> =>
  note?.trim() ? { [CHANGE_NOTE_HEADER]: encodeURIComponent(note.trim()) } : {};

/** True for the 202 of a change that now waits for approval. */
export const isWaitingForApproval = (answer: unknown): answer is TChangeAccepted =>
  typeof answer === 'object' && answer !== null && 'change_request' in answer;
