import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSapBusinessPartnerRow, TSapCreate, TSapOnboard } from '@kassa/domain';
import { apiPost, apiRequest } from '@/lib/api-client.ts';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';

export type SapRow = TSapBusinessPartnerRow;
const PATH = 'psp/sap';

export const sapListOptions = listOptions<SapRow>(PATH, 'organisation');
export const sapCountOptions = countOptions(PATH);
/** One SAP record with its merchant. */
export const useSapRecord = (id: string | null) =>
  useQuery({ ...detailOptions<SapRow>(PATH, 'organisation')(id ?? '', 'provider'), enabled: Boolean(id) });

const useSapMutation = <V>(call: (vars: V) => Promise<SapRow>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: [PATH] }) });
};
/** `POST psp/sap`: adds a merchant (CREATED). */
export const useAddToSap = () => useSapMutation((body: TSapCreate) => apiPost<SapRow>(PATH, body));
/** `POST psp/sap/{id}/onboard`: CREATED → ONBOARDED with its business partner number. */
export const useOnboardSap = () =>
  useSapMutation(({ id, body }: { id: string; body: TSapOnboard }) =>
    apiPost<SapRow>(`${PATH}/${encodeURIComponent(id)}/onboard`, body),
  );
/** `DELETE psp/sap/{id}`: marks the record DELETED. */
export const useDeleteSap = () =>
  useSapMutation((id: string) => apiRequest<SapRow>('DELETE', `${PATH}/${encodeURIComponent(id)}`));
