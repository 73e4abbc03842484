import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRulesetCreate, TRulesetUpdate } from '@kassa/domain';
import type { TChangeAccepted } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { changeNoteHeaders } from '@/lib/change-requests.ts';
import type { RulesetRow } from './types.ts';

/** `POST /v1/validationruleset` or `POST /v1/validationruleset/{id}` (no action on edit, §4); under four eyes a change request (202). */
export const saveRuleset = ({
  id,
  body,
  note,
}: {
  id?: string;
  body: TRulesetCreate | TRulesetUpdate;
  note?: string;
}) =>
  apiPost<RulesetRow | TChangeAccepted>(
    id ? `validationruleset/${encodeURIComponent(id)}` : 'validationruleset',
    body,
    {
      headers: changeNoteHeaders(note),
    },
  );

export const useSaveRuleset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRuleset,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['validationruleset'] }),
        queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
      ]),
  });
};
