import { useMemo } from 'react';
import { Card, theme } from 'antd';
import type { TSegmentRow } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** Customer segments as a share of all customers (payments.md §9). */
export const SegmentsChart = ({ rows }: { rows: TSegmentRow[] }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: {
        formatter: (p: { data: { row: TSegmentRow } }) =>
          `${t(`customers.segments.${p.data.row.segment}`, { defaultValue: p.data.row.segment })}: ${format.number(p.data.row.percentage, 1)} % (${format.number(p.data.row.count)})`,
      },
      legend: { bottom: 0, textStyle: { color: token.colorText } },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          label: {
            color: token.colorText,
            formatter: (p: { data: { row: TSegmentRow } }) => `${format.number(p.data.row.percentage, 1)} %`,
          },
          data: rows.map((row) => ({
            name: t(`customers.segments.${row.segment}`, { defaultValue: row.segment }),
            value: row.count,
            row,
          })),
        },
      ],
    }),
    [rows, format, t, token],
  );
  return (
    <Card title={t('statistics.segments')}>
      <EChart option={option} height={340} label={t('statistics.segments')} />
    </Card>
  );
};
