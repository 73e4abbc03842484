import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChangeAccepted } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { changeNoteHeaders } from '@/lib/change-requests.ts';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';

/** API paths of the finance resources; each has list, count, export, detail, create and edit. */
export type FinancePath =
  | 'pricing/revenue'
  | 'pricing/cost'
  | 'pricing/reserve'
  | 'pricing/partner'
  | 'package'
  | 'settlement-schedule'
  | 'settlement-profile'
  | 'one-off';

const POPULATE: Partial<Record<FinancePath, string>> = {
  package: 'revenue_scheme cost_scheme reserve_scheme partner_scheme',
  'settlement-profile': 'organisation package settlement_schedule bank_account',
  'one-off': 'organisation',
};

/** `GET /v1/{path}` and `/count`, keyed by path so a save refreshes them. */
export const financeListOptions = <Row>(path: FinancePath) => listOptions<Row>(path, POPULATE[path]);
export const financeCountOptions = (path: FinancePath) => countOptions(path);
export const financeDetailOptions = <Row>(path: FinancePath) => detailOptions<Row>(path);

export const useFinanceDetail = <Row>(path: FinancePath, id: string | null) =>
  useQuery({ ...financeDetailOptions<Row>(path)(id ?? '', 'all'), enabled: Boolean(id) });

/** Every row of a resource for a choice list (schemes in a package, packages in a profile). */
export const useFinanceChoices = <Row>(path: FinancePath, params: Record<string, string> = {}) =>
  useQuery(financeListOptions<Row>(path)({ _limit: '500', _sort: 'name', ...params }, 'choices'));

/**
 * `POST /v1/{path}` or `/v1/{path}/{id}`; refreshes that resource's lists. Under the four-eyes
 * policy (settlement profiles) the answer is a change request (202) and `note` says why.
 */
export const useSaveFinanceObject = <Row>(path: FinancePath) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, note }: { id?: string | null; body: object; note?: string }) =>
      apiPost<Row | TChangeAccepted>(id ? `${path}/${encodeURIComponent(id)}` : path, body, {
        headers: changeNoteHeaders(note),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [path] }),
        queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
      ]),
  });
};
