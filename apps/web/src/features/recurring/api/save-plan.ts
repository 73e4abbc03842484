import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPlanCreate, TPlanUpdate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { PlanRow } from './types.ts';

/** `POST /v1/plan` (create) or `POST /v1/plan/{id}` (update); refreshes the plan lists. */
export const savePlan = ({ id, body }: { id?: string; body: TPlanCreate | TPlanUpdate }) =>
  apiPost<PlanRow>(id ? `plan/${encodeURIComponent(id)}` : 'plan', body);

export const useSavePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plan'] }) });
};
