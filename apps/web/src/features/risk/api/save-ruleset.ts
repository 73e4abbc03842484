import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRulesetCreate, TRulesetUpdate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { RulesetRow } from './types.ts';

/** `POST /v1/validationruleset` or `POST /v1/validationruleset/{id}` (no action on edit, §4). */
export const saveRuleset = ({ id, body }: { id?: string; body: TRulesetCreate | TRulesetUpdate }) =>
  apiPost<RulesetRow>(id ? `validationruleset/${encodeURIComponent(id)}` : 'validationruleset', body);

export const useSaveRuleset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRuleset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['validationruleset'] }),
  });
};
