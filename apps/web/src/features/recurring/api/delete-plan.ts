import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `DELETE /v1/plan/{id}`; refused (409) while running subscriptions use the plan. */
export const deletePlan = (id: string) => apiRequest<void>('DELETE', `plan/${encodeURIComponent(id)}`);

export const useDeletePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plan'] }),
  });
};
