import { Col, Row, Space } from 'antd';
import { access, STATISTICS_TIME_ZONE, type TAggregateRow, type TAggregateTotal } from '@kassa/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { merchantContextOf, useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useCan } from '@/lib/authorisation.ts';
import { useFormat } from '@/lib/use-format.ts';
import { countOptions } from '@/lib/entity-api.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { useAggregateStats, type StatisticsEntity } from '../api/get-aggregate-stats.ts';
import { useAggregateTotal } from '../api/get-aggregate-total.ts';
import { useDailyAggregate } from '../api/get-daily-aggregate.ts';
import { useDayAndTime } from '../api/get-day-and-time.ts';
import { useHighestRefunds } from '../api/get-highest-refunds.ts';
import { useLifecycle } from '../api/get-lifecycle.ts';
import { useLocation as useCountries } from '../api/get-location.ts';
import { useSegments } from '../api/get-segments.ts';
import { AggregateChart } from '../components/aggregate-chart.tsx';
import { BestCustomers } from '../components/best-customers.tsx';
import { CountryMap } from '../components/country-map.tsx';
import { Heatmap } from '../components/heatmap.tsx';
import { HighestRefunds } from '../components/highest-refunds.tsx';
import { Lifecycle } from '../components/lifecycle.tsx';
import { RangeBar } from '../components/range-bar.tsx';
import { SegmentsChart } from '../components/segments-chart.tsx';
import { Totals } from '../components/totals.tsx';
import { CurrencyHint } from '../components/currency-hint.tsx';
import { WeekdayComparison } from '../components/weekday-comparison.tsx';
import { TransactionBreakdowns } from '../components/transaction-breakdowns.tsx';
import { SplitComparison } from '../components/split-comparison.tsx';
import { daysBefore, periodBounds, zonedDate, zonedMidnight } from '../split.ts';
import { rangeParams, useStatisticsState, type StatisticsState } from '../search-params.ts';
import { PageTitle } from '@/components/page-title.tsx';

/** Where drill-downs go: the lists of the same (merchant) context. */
const useBase = () => {
  const { pathname } = useLocation();
  const context = merchantContextOf(pathname);
  return context ? (/^\/psp\/merchants\/[^/]+/.exec(pathname)?.[0] ?? '') : '';
};

/** A bar's period as the list's range: whole days of the profile's zone (the server's days), within the shown range. */
const periodRange = (row: TAggregateRow, state: StatisticsState, zone: string) => {
  const { from, to } = periodBounds(row.period, state.period, zone, state);
  return `created_at%3E=${encodeURIComponent(from)}&created_at%3C=${encodeURIComponent(to)}`;
};

/**
 * The customer dashboard's further numbers (payments.md §3, §5): the all-time total (customer/count, for
 * whoever may list customers) and the growth against the previous period of the same length
 * (customer/aggregate/previous): this period over the previous one minus 1, none without a previous one.
 */
const useCustomerNumbers = (
  enabled: boolean,
  params: ReturnType<typeof rangeParams>,
  scope: string,
  total: TAggregateTotal | undefined,
): [string, string][] => {
  const { t } = useTranslation();
  const format = useFormat();
  const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${format.number(value, 1)} %`;
  const can = useCan();
  const listsCustomers = enabled && can(access.customer.list);
  const { data: previous } = useStatistics<TAggregateTotal>('customer/aggregate/previous', params, scope, enabled);
  const { data: all } = useQuery({ ...countOptions('customer')({}, scope), enabled: listsCustomers });
  if (!enabled) return [];
  const growth =
    !total || !previous
      ? '…'
      : previous.count === 0
        ? t('statistics.noGrowth')
        : signedPercent((total.count / previous.count - 1) * 100);
  return [
    ...(listsCustomers ? [['allTimeTotal', all ? format.number(all.count) : '…'] as [string, string]] : []),
    ['growth', growth],
  ];
};

const Shell = ({
  title,
  money = true,
  children,
}: {
  title: string;
  money?: boolean;
  children: (state: StatisticsState, scope: string) => React.ReactNode;
}) => {
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const [state, change, redirect] = useStatisticsState(scope);
  if (redirect) return <Navigate to={`${pathname}${redirect}`} replace />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle>{title}</PageTitle>
      {state && <RangeBar state={state} onChange={change} scope={scope} money={money} />}
      {state && children(state, scope)}
    </Space>
  );
};

const Aggregate = ({
  entity,
  state,
  scope,
  title,
  list,
}: {
  entity: StatisticsEntity;
  state: StatisticsState;
  scope: string;
  title: string;
  list: string;
}) => {
  const navigate = useNavigate();
  const base = useBase();
  const params = rangeParams(state);
  const { data: total } = useAggregateTotal(entity, params, scope);
  const more = useCustomerNumbers(entity === 'customer', params, scope, total);
  const { data: rows = [] } = useAggregateStats(entity, params, scope);
  const money = entity !== 'customer';
  const zone = useMe().data?.time_zone ?? STATISTICS_TIME_ZONE;
  return (
    <>
      {entity === 'transaction' && (
        <CurrencyHint scope={scope} currency={state.currency} range={{ from: state.from, to: state.to }} />
      )}
      <Totals total={total} money={money} currency={state.currency} more={more} />
      <AggregateChart
        rows={rows}
        period={state.period}
        title={title}
        money={money}
        currency={state.currency}
        onOpen={(row) => navigate(`${base}/${list}?${periodRange(row, state, zone)}`)}
      />
    </>
  );
};

export const TransactionsDashboardPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = useBase();
  return (
    <Shell title={t('statistics.transactionsTitle')}>
      {(state, scope) => <TransactionsDashboard state={state} scope={scope} base={base} navigate={navigate} />}
    </Shell>
  );
};

const TransactionsDashboard = ({
  state,
  scope,
  base,
  navigate,
}: {
  state: StatisticsState;
  scope: string;
  base: string;
  navigate: (to: string) => void;
}) => {
  const { t } = useTranslation();
  const params = rangeParams(state);
  // Drill-downs open the list of the same range and currency.
  const range = `created_at%3E=${encodeURIComponent(state.from)}&created_at%3C=${encodeURIComponent(state.to)}&currency_code=${state.currency}`;
  const { data: lifecycle = [] } = useLifecycle(params, scope);
  const { data: countries = [] } = useCountries(params, scope);
  // Local days are days of the user's own time zone (profile), as the server counts them, whatever the browser's zone.
  const zone = useMe().data?.time_zone ?? STATISTICS_TIME_ZONE;
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const today = zonedDate(minute, zone);
  // Two weeks of 7 ending today: 13 past days plus today (portal.md §9).
  const twoWeeks = useMemo(
    () => ({
      'created_at>': new Date(zonedMidnight(daysBefore(today, 13), zone)).toISOString(),
      'created_at<': new Date(minute).toISOString(),
      currency_code: state.currency,
    }),
    [minute, today, zone, state.currency],
  );
  const { data: days = [] } = useDailyAggregate(twoWeeks, scope);
  // The heatmap's own window (payments.md §9 "default range last 29 days"): today and the 28 days before.
  const heatmapRange = useMemo(
    () => ({
      'created_at>': new Date(zonedMidnight(daysBefore(today, 28), zone)).toISOString(),
      'created_at<': new Date(minute).toISOString(),
      currency_code: state.currency,
    }),
    [minute, today, zone, state.currency],
  );
  const { data: cells = [] } = useDayAndTime(heatmapRange, scope);
  // The 56-day split: a 57-day window (today and the 56 days before), blocked transactions left out (portal.md §7, §9).
  const split = useMemo(
    () => ({
      'created_at>': new Date(zonedMidnight(daysBefore(today, 56), zone)).toISOString(),
      'created_at<': new Date(minute).toISOString(),
      blocked: 'false',
      currency_code: state.currency,
    }),
    [minute, today, zone, state.currency],
  );
  const { data: splitRows = [] } = useDailyAggregate(split, scope);
  return (
    <>
      <Aggregate
        entity="transaction"
        state={state}
        scope={scope}
        title={t('statistics.transactionsOverTime')}
        list="transactions"
      />
      <Lifecycle
        entries={lifecycle}
        currency={state.currency}
        hrefOf={(status) => `${base}/transactions?status%5B%5D=${status}&${range}`}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Heatmap cells={cells} />
        </Col>
        <Col xs={24} xl={12}>
          <WeekdayComparison days={days} currency={state.currency} />
        </Col>
      </Row>
      <SplitComparison days={splitRows} today={today} currency={state.currency} />
      <CountryMap
        rows={countries}
        currency={state.currency}
        onOpen={(alpha2) => navigate(`${base}/transactions?country_code=${alpha2}&${range}`)}
      />
      <TransactionBreakdowns
        params={params}
        scope={scope}
        currency={state.currency}
        list={(filter) => `${base}/transactions?${filter}&${range}`}
      />
      <BestCustomers params={params} scope={scope} base={base} currency={state.currency} />
    </>
  );
};

export const RefundsDashboardPage = () => {
  const { t } = useTranslation();
  const base = useBase();
  return (
    <Shell title={t('statistics.refundsTitle')}>
      {(state, scope) => <RefundsDashboard state={state} scope={scope} base={base} />}
    </Shell>
  );
};

const RefundsDashboard = ({ state, scope, base }: { state: StatisticsState; scope: string; base: string }) => {
  const { t } = useTranslation();
  const { data: highest = [], isLoading } = useHighestRefunds({ from: state.from, to: state.to }, scope);
  return (
    <>
      <Aggregate entity="refund" state={state} scope={scope} title={t('statistics.refundsOverTime')} list="refunds" />
      <HighestRefunds rows={highest} base={base} loading={isLoading} />
    </>
  );
};

export const CustomersDashboardPage = () => {
  const { t } = useTranslation();
  const base = useBase();
  return (
    <Shell title={t('statistics.customersTitle')}>
      {(state, scope) => <CustomersDashboard state={state} scope={scope} base={base} />}
    </Shell>
  );
};

const CustomersDashboard = ({ state, scope, base }: { state: StatisticsState; scope: string; base: string }) => {
  const { t } = useTranslation();
  const { data: segments = [] } = useSegments(scope);
  return (
    <>
      <Aggregate
        entity="customer"
        state={state}
        scope={scope}
        title={t('statistics.customersOverTime')}
        list="customers"
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <SegmentsChart rows={segments} />
        </Col>
        <Col xs={24} xl={14}>
          <BestCustomers params={rangeParams(state)} scope={scope} base={base} currency={state.currency} />
        </Col>
      </Row>
    </>
  );
};
