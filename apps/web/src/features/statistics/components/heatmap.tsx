import { useMemo } from 'react';
import { Card, theme } from 'antd';
import type { TDayAndTimeCell } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** Transactions per local weekday and hour over the last 29 days, coloured on a square-root scale (payments.md §9). */
export const Heatmap = ({ cells }: { cells: TDayAndTimeCell[] }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(() => {
    const dayName = (isoDay: number) =>
      new Intl.DateTimeFormat(format.language === 'nl' ? 'nl-NL' : 'en-US', {
        weekday: 'short',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(2024, 0, isoDay)));
    const max = Math.max(1, ...cells.map((c) => c.count));
    return {
      textStyle: { color: token.colorTextSecondary },
      grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
      tooltip: {
        formatter: (p: { data: [number, number, number, number] }) =>
          `${dayName(WEEKDAYS[p.data[1]])} ${String(p.data[0]).padStart(2, '0')}:00 · ${t('statistics.transactionCount', { count: p.data[3] })}`,
      },
      xAxis: {
        type: 'category',
        data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
        splitArea: { show: true },
      },
      yAxis: { type: 'category', data: WEEKDAYS.map(dayName), inverse: true, splitArea: { show: true } },
      visualMap: {
        // Colour by the square root (dimension 2); the tooltip shows the count (dimension 3).
        dimension: 2,
        min: 0,
        max: Math.sqrt(max),
        calculable: false,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inRange: { color: [token.colorBgContainer, token.colorPrimaryBorder, token.colorPrimary] },
        textStyle: { color: token.colorTextSecondary },
        formatter: (v: number) => format.number(Math.round(v * v)),
      },
      series: [
        {
          type: 'heatmap',
          data: cells.map((c) => [c.hour, c.date - 1, Math.sqrt(c.count), c.count]),
          itemStyle: { borderColor: token.colorBorderSecondary, borderWidth: 1 },
        },
      ],
    };
  }, [cells, format, t, token]);
  return (
    <Card title={t('statistics.heatmap')} extra={t('statistics.last29')}>
      <EChart option={option} height={300} label={t('statistics.heatmap')} />
    </Card>
  );
};
