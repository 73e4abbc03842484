import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaymentProfileCreate, TPaymentProfileRow, TPaymentProfileUpdate } from '@kassa/domain';
import { apiGet, apiPost, type QueryParams } from '@/lib/api-client.ts';

export type PaymentProfileRow = TPaymentProfileRow;

/** `GET /v1/paymentprofile` with the organisation, and its count. */
export const paymentProfilesQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['paymentprofile', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) =>
      apiGet<PaymentProfileRow[]>('paymentprofile', { _populate: 'organisation', ...params }, signal),
  });
export const paymentProfilesCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['paymentprofile', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('paymentprofile/count', params, signal),
  });
export const usePaymentProfile = (id: string | null) =>
  useQuery({
    queryKey: ['paymentprofile', 'detail', id],
    queryFn: ({ signal }) =>
      apiGet<PaymentProfileRow>(`paymentprofile/${encodeURIComponent(id as string)}`, undefined, signal),
    enabled: Boolean(id),
  });

/** `POST /v1/paymentprofile` creates; with an id it updates. */
export const savePaymentProfile = (id: string | null, body: TPaymentProfileCreate | TPaymentProfileUpdate) =>
  apiPost<PaymentProfileRow>(id ? `paymentprofile/${encodeURIComponent(id)}` : 'paymentprofile', body);

export const useSavePaymentProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TPaymentProfileCreate | TPaymentProfileUpdate }) =>
      savePaymentProfile(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['paymentprofile'] }),
  });
};
