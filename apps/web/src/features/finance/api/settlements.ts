import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPayoutReconciliation, TSettlementRunResult } from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';
import type { PspSettlementRow, SettlementItemRow, SettlementLine, SettlementRow } from './types.ts';

/** `GET /v1/settlement-report` (settlements made by the settlement engine) and `/count`. */
export const settlementsQueryOptions = listOptions<SettlementRow>('settlement-report', 'organisation');
export const settlementsCountQueryOptions = countOptions('settlement-report');
const settlementQueryOptions = detailOptions<SettlementRow>('settlement-report', 'organisation bank_account');

/** `GET /v1/psp/settlement-report` (provider staff): the same settlements with cost, commission and margin. */
// Listed as settlement rows (the list screen is shared); the provider's columns read the three extra fields.
export const pspSettlementsQueryOptions = listOptions<SettlementRow>('psp/settlement-report', 'organisation');
export const pspSettlementsCountQueryOptions = countOptions('psp/settlement-report');
const pspSettlementQueryOptions = detailOptions<PspSettlementRow>('psp/settlement-report', 'organisation bank_account');

/** One settlement; the provider's report reads it with its cost, commission and margin. */
export const useSettlement = (id: string, provider = false) => {
  const merchant = useQuery({ ...settlementQueryOptions(id, 'detail'), enabled: !provider });
  const psp = useQuery({ ...pspSettlementQueryOptions(id, 'detail'), enabled: provider });
  return provider ? psp : merchant;
};

/** `GET /v1/settlement/{id}/lines`: the settlement's items summed by kind and payment product. */
export const useSettlementLines = (id: string) =>
  useQuery({
    queryKey: ['settlement-report', 'lines', id],
    queryFn: ({ signal }) => apiGet<SettlementLine[]>(`settlement/${encodeURIComponent(id)}/lines`, undefined, signal),
  });

/** `GET /v1/settlement-item?settlement={id}`: one page of the items behind the lines. */
export const useSettlementItems = (id: string, page: number, size: number) =>
  useQuery({
    queryKey: ['settlement-report', 'items', id, page, size],
    queryFn: ({ signal }) =>
      apiGet<SettlementItemRow[]>(
        'settlement-item',
        { settlement: id, _sort: 'id', _limit: size, _skip: (page - 1) * size },
        signal,
      ),
  });

export const useSettlementItemCount = (id: string) =>
  useQuery({
    queryKey: ['settlement-report', 'items-count', id],
    queryFn: ({ signal }) => apiGet<{ count: number }>('settlement-item/count', { settlement: id }, signal),
  });

/** `POST /v1/settlement/run`: settles closed periods now (of the merchant in context); refreshes the report. */
export const useRunSettlement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisation: string | null) =>
      apiPost<TSettlementRunResult>('settlement/run', organisation ? { organisation } : {}),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['settlement-report'] }),
        queryClient.invalidateQueries({ queryKey: ['psp/settlement-report'] }),
      ]),
  });
};

/** `GET /v1/settlement/{id}/reconciliation`: a payout against the acquirer's money (merchant and provider). */
export type PayoutReconciliation = TPayoutReconciliation;

export const usePayoutReconciliation = (settlementId: string) =>
  useQuery({
    queryKey: ['settlement-report', 'reconciliation', settlementId],
    queryFn: ({ signal }) =>
      apiGet<PayoutReconciliation>(`settlement/${encodeURIComponent(settlementId)}/reconciliation`, undefined, signal),
  });
