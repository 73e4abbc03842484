import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMerchantConfiguration, TMerchantConfigurationUpdate } from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';

export type MerchantConfiguration = Omit<TMerchantConfiguration, 'updated_at'> & { updated_at: string | null };
export type MccChoice = { code: string; description: string };

const path = (merchant: string) => `psp/merchant/${encodeURIComponent(merchant)}/configuration`;

/** `GET /v1/psp/merchant/{id}/configuration`: the saved configuration, or the defaults. */
export const useMerchantConfiguration = (merchant: string | undefined) =>
  useQuery({
    queryKey: ['merchantconfiguration', merchant],
    enabled: Boolean(merchant),
    queryFn: ({ signal }) => apiGet<MerchantConfiguration>(path(merchant as string), { organisation: null }, signal),
  });

/** The merchant category codes (`GET /v1/mcc`), cached for a day by the server. */
export const useMccChoices = () =>
  useQuery({
    queryKey: ['mcc'],
    staleTime: Infinity,
    queryFn: ({ signal }) => apiGet<MccChoice[]>('mcc', { organisation: null }, signal),
  });

export const useSaveMerchantConfiguration = (merchant: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMerchantConfigurationUpdate) => apiPost<MerchantConfiguration>(path(merchant), body),
    onSuccess: (saved) => queryClient.setQueryData(['merchantconfiguration', merchant], saved),
  });
};
