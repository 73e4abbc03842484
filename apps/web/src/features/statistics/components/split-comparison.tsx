import { useMemo } from 'react';
import { Card, Col, Row, Statistic, theme, Typography } from 'antd';
import type { TDailyAggregate } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { axisLabel } from '@/components/charts/axis-format.ts';
import { EChart, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';
import { splitDays } from '../split.ts';

/** The 56-day split: revenue of the last 28 whole days against the 28 before, day by day and in total. */
export const SplitComparison = ({
  days,
  today,
  currency,
}: {
  days: TDailyAggregate[];
  today: string;
  currency: string;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { token } = theme.useToken();
  const split = useMemo(() => splitDays(days, today), [days, today]);
  const option = useMemo<ChartOption>(
    () => ({
      color: [token.colorPrimary, token.colorTextQuaternary],
      textStyle: { color: token.colorTextSecondary },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => format.money(v * 100, currency) },
      xAxis: { type: 'category', data: split.last.days.map((d) => axisLabel(d.date, 'day', format.language)) },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => format.number(v) },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        { type: 'line', name: t('statistics.last28'), data: split.last.days.map((d) => d.amount / 100), smooth: true },
        {
          type: 'line',
          name: t('statistics.previous28'),
          data: split.previous.days.map((d) => d.amount / 100),
          smooth: true,
          lineStyle: { type: 'dashed' },
        },
      ],
    }),
    [split, currency, format, t, token],
  );
  const change = split.change;
  return (
    <Card title={t('statistics.split')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('statistics.last28')}
            value={format.money(split.last.amount, currency)}
            valueRender={(node) => <span data-testid="split-last">{node}</span>}
          />
          <Typography.Text type="secondary">
            {t('statistics.transactionCount', { count: split.last.count })}
          </Typography.Text>
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('statistics.previous28')}
            value={format.money(split.previous.amount, currency)}
            valueRender={(node) => <span data-testid="split-previous">{node}</span>}
          />
          <Typography.Text type="secondary">
            {t('statistics.transactionCount', { count: split.previous.count })}
          </Typography.Text>
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('statistics.change')}
            value={change === null ? '—' : `${change > 0 ? '+' : ''}${format.number(change, 1)} %`}
          />
          <Typography.Text type={change === null || change === 0 ? 'secondary' : change > 0 ? 'success' : 'danger'}>
            {change === null
              ? t('statistics.noPrevious')
              : change > 0
                ? `▲ ${t('statistics.up')}`
                : change < 0
                  ? `▼ ${t('statistics.down')}`
                  : '='}
          </Typography.Text>
        </Col>
      </Row>
      <EChart option={option} height={260} label={t('statistics.splitLabel')} />
    </Card>
  );
};
