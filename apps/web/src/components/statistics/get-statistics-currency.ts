import { useQuery } from '@tanstack/react-query';
import { STATISTICS_DEFAULT_CURRENCY, type TGroupRow, type TStatisticsCurrency } from '@kassa/domain';
import { apiGet } from '@/lib/api-client.ts';

const isCurrency = (code: string | null): code is string => /^[A-Z]{3}$/.test(code ?? '');

/** `GET /v1/statistics/currency`: the currency statistics default to in this organisation context, and its profiles' currencies. */
export const useStatisticsCurrency = (scope: string, enabled = true) =>
  useQuery({
    queryKey: ['statistics', 'currency', scope],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => apiGet<TStatisticsCurrency>('statistics/currency', {}, signal),
  });

/**
 * The currency money statistics are shown in: the URL's `currency_code`, else the one the
 * merchant's own payment profiles use (a GBP-only merchant sees pounds, not an empty EUR view);
 * undefined while that is still loading. `fallback` is what the URL may leave out.
 */
export const useChosenCurrency = (scope: string, fromUrl: string | null, enabled = true) => {
  const { data, isError } = useStatisticsCurrency(scope, enabled && !isCurrency(fromUrl));
  const fallback = data?.currency_code ?? (isError || !enabled ? STATISTICS_DEFAULT_CURRENCY : undefined);
  return {
    currency: isCurrency(fromUrl) ? fromUrl : fallback,
    fallback: data?.currency_code ?? STATISTICS_DEFAULT_CURRENCY,
  };
};

/** Transactions per currency in the range (`transaction/aggregate?group_by=currency_code`): what the currency choice can show. */
export const useCurrencyCounts = (scope: string, range?: { from: string; to: string }) =>
  useQuery({
    queryKey: ['statistics', 'currencies', scope, range],
    queryFn: ({ signal }) =>
      apiGet<TGroupRow[]>(
        'transaction/aggregate',
        { group_by: 'currency_code', ...(range ? { 'created_at>': range.from, 'created_at<': range.to } : {}) },
        signal,
      ),
  });
