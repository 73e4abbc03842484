import { useSearchParams } from 'react-router';
import { STATISTICS_TIME_ZONE, type StatisticsPeriod } from '@kassa/domain';
import { useMe } from '@/lib/session.ts';
import { useChosenCurrency } from '@/components/statistics/get-statistics-currency.ts';
import { last28Days } from './split.ts';

export type StatisticsState = { period: StatisticsPeriod; from: string; to: string; currency: string };
const PERIODS: StatisticsPeriod[] = ['day', 'week', 'month'];

/**
 * A dashboard's range, period and currency in the URL (`period`, `created_at>`, `created_at<`, `currency_code`). With an empty
 * query it redirects to itself with period=day and the last 28 days of the profile's zone (payments.md §2, §9), once
 * the profile is known. Without
 * `currency_code` the currency is the merchant's own (statistics/currency); the state is null until it is known.
 */
export const useStatisticsState = (
  scope: string,
): [StatisticsState | null, (changes: Partial<StatisticsState>) => void, string | null] => {
  const [params, setParams] = useSearchParams();
  const me = useMe().data;
  const zone = me ? me.time_zone || STATISTICS_TIME_ZONE : null;
  const first = zone && params.toString() === '' ? last28Days(zone) : null;
  const redirect = first
    ? `?${new URLSearchParams({ period: 'day', 'created_at>': first.from, 'created_at<': first.to })}`
    : null;
  const period = params.get('period');
  const from = params.get('created_at>');
  const to = params.get('created_at<');
  const { currency, fallback } = useChosenCurrency(scope, params.get('currency_code'));
  const state =
    from && to && currency
      ? {
          period: PERIODS.includes(period as StatisticsPeriod) ? (period as StatisticsPeriod) : 'day',
          from,
          to,
          currency,
        }
      : null;
  const change = (changes: Partial<StatisticsState>) => {
    const next = { ...state, ...changes } as StatisticsState;
    setParams({
      period: next.period,
      'created_at>': next.from,
      'created_at<': next.to,
      ...(next.currency === fallback ? {} : { currency_code: next.currency }),
    });
  };
  return [state, change, redirect];
};

/** The API parameters of a state. */
export const rangeParams = (state: StatisticsState) => ({
  period: state.period,
  'created_at>': state.from,
  'created_at<': state.to,
  currency_code: state.currency,
});
