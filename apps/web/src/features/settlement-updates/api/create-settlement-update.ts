import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSettlementUpdateCreate } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { SettlementUpdateRow } from './settlement-updates.ts';

/** `POST /v1/settlementupdate`: processor settlement, last, update_last_run. */
export const createSettlementUpdate = (body: TSettlementUpdateCreate) =>
  apiPost<SettlementUpdateRow>('settlementupdate', body);

export const useCreateSettlementUpdate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSettlementUpdate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['settlementupdate'] }),
        queryClient.invalidateQueries({ queryKey: ['processor'] }),
      ]),
  });
};
