import { useMemo } from 'react';
import { Card, theme } from 'antd';
import type { TDailyAggregate } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** 13 past days plus today as two weeks of 7: this week's days beside the same weekdays a week earlier (portal.md §9). */
export const WeekdayComparison = ({ days, currency }: { days: TDailyAggregate[]; currency: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(() => {
    const last14 = days.slice(-14);
    const previous = last14.slice(0, 7);
    const current = last14.slice(7);
    const label = (date: string) =>
      new Intl.DateTimeFormat(format.language === 'nl' ? 'nl-NL' : 'en-US', {
        weekday: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`));
    return {
      color: [token.colorTextQuaternary, token.colorPrimary],
      textStyle: { color: token.colorTextSecondary },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => format.money(v * 100, currency) },
      xAxis: { type: 'category', data: current.map((d) => label(d.date)) },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => format.number(v) },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        { type: 'bar', name: t('statistics.previousWeek'), data: previous.map((d) => d.amount / 100), barMaxWidth: 24 },
        { type: 'bar', name: t('statistics.thisWeek'), data: current.map((d) => d.amount / 100), barMaxWidth: 24 },
      ],
    };
  }, [days, currency, format, t, token]);
  return (
    <Card title={t('statistics.weekdayComparison')}>
      <EChart option={option} height={300} label={t('statistics.weekdayComparison')} />
    </Card>
  );
};
