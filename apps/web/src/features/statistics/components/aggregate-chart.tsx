import { useMemo } from 'react';
import { Card, theme } from 'antd';
import type { StatisticsPeriod, TAggregateRow } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { axisLabel } from '@/components/charts/axis-format.ts';
import { EChart, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** At least 4 bars, so one or two periods do not become bars as wide as the chart (payments.md §9). */
export const padTo4 = <T,>(items: readonly (T | null)[]): (T | null)[] => [
  ...items,
  ...Array.from({ length: Math.max(0, 4 - items.length) }, () => null),
];

/** Volume (bars, in major units) and count (line) per period; a click on a bar opens that period. */
export const AggregateChart = ({
  rows,
  period,
  title,
  money = true,
  currency,
  onOpen,
}: {
  rows: TAggregateRow[];
  period: StatisticsPeriod;
  title: string;
  money?: boolean;
  currency: string;
  onOpen?: (row: TAggregateRow) => void;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(() => {
    const padded = padTo4(rows);
    const labels = padded.map((row) => (row ? axisLabel(row.period, period, format.language) : ''));
    return {
      color: [token.colorPrimary, token.colorWarning],
      textStyle: { color: token.colorTextSecondary },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels, axisLine: { lineStyle: { color: token.colorBorder } } },
      yAxis: money
        ? [
            {
              type: 'value',
              axisLabel: { formatter: (v: number) => format.number(v) },
              splitLine: { lineStyle: { color: token.colorBorderSecondary } },
            },
            {
              type: 'value',
              minInterval: 1,
              axisLabel: { formatter: (v: number) => format.number(v) },
              splitLine: { show: false },
            },
          ]
        : [
            {
              type: 'value',
              minInterval: 1,
              axisLabel: { formatter: (v: number) => format.number(v) },
              splitLine: { lineStyle: { color: token.colorBorderSecondary } },
            },
          ],
      series: money
        ? [
            {
              type: 'bar',
              name: t('statistics.volume'),
              data: padded.map((row) => (row ? row.volume / 100 : null)),
              barMaxWidth: 32,
              tooltip: { valueFormatter: (v: number) => format.money(v * 100, currency) },
            },
            {
              type: 'line',
              name: t('statistics.count'),
              yAxisIndex: 1,
              data: padded.map((row) => row?.count ?? null),
              tooltip: { valueFormatter: (v: number) => format.number(v) },
            },
          ]
        : [
            {
              type: 'bar',
              name: t('statistics.count'),
              data: padded.map((row) => row?.count ?? null),
              barMaxWidth: 32,
              tooltip: { valueFormatter: (v: number) => format.number(v) },
            },
          ],
    };
  }, [rows, period, format, money, currency, t, token]);
  return (
    <Card title={title}>
      <EChart
        option={option}
        height={340}
        label={title}
        onClick={(params) =>
          params.dataIndex !== undefined && rows[params.dataIndex] && onOpen?.(rows[params.dataIndex])
        }
      />
    </Card>
  );
};
