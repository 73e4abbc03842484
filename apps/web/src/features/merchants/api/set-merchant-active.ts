import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { MerchantRow } from './get-merchants.ts';

/** `POST psp/merchant/{id}/activate` for an inactive merchant, `…/deactivate` for an active one (portal.md §4, §7). */
export const setMerchantActive = ({ id, active }: { id: string; active: boolean }) =>
  apiPost<MerchantRow>(`psp/merchant/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`);

export const useSetMerchantActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMerchantActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['psp/merchant'] }),
  });
};
