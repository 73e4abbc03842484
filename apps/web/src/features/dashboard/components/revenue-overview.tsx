import { useMemo } from 'react';
import { Card, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { axisLabel } from '@/components/charts/axis-format.ts';
import { EChart, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';
import { useDailyAggregate } from '../api/get-daily-aggregate.ts';

/** Revenue per day over the last 28 days (portal.md §2.2, chart height 380). */
export const RevenueOverview = ({ scope, currency }: { scope: string; currency: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { token } = theme.useToken();
  // One range per minute keeps the query key stable across renders.
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const { data = [] } = useDailyAggregate(minute, scope, currency, true);
  const total = data.reduce((sum, row) => sum + row.amount, 0);
  const option = useMemo<ChartOption>(
    () => ({
      color: [token.colorPrimary],
      textStyle: { color: token.colorTextSecondary },
      grid: { left: 16, right: 16, top: 24, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: number) => format.money(value * 100, currency),
      },
      xAxis: {
        type: 'category',
        data: data.map((row) => axisLabel(row.date, 'day', format.language)),
        axisLine: { lineStyle: { color: token.colorBorder } },
      },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (value: number) => format.number(value) },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        { type: 'bar', name: t('dashboard.revenue'), data: data.map((row) => row.amount / 100), barMaxWidth: 28 },
      ],
    }),
    [data, currency, format, t, token],
  );
  return (
    <Card
      title={t('dashboard.revenueOverview')}
      extra={<span data-testid="revenue-total">{format.money(total, currency)}</span>}
    >
      <EChart
        option={option}
        height={380}
        label={t('dashboard.revenueOverviewLabel', { total: format.money(total, currency) })}
      />
    </Card>
  );
};
