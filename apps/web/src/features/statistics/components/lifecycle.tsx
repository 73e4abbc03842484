import { useMemo } from 'react';
import { Card, Space, Tag, theme } from 'antd';
import type { TLifecycleEntry } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EChart, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** Node positions: INITIATED on the left, AUTHORIZED and PENDING next, the final states on the right. */
const LAYOUT: Record<string, [number, number]> = {
  INITIATED: [0, 2.5],
  AUTHORIZED: [1, 1],
  PENDING: [1, 4],
  AUTHORIZATION_VOIDED: [2, 0],
  CANCELLED: [2, 1],
  ABANDONED: [2, 2],
  SETTLEMENT_REQUESTED: [2, 3],
  DECLINED: [2, 4],
  UNKNOWN: [2, 5],
  FAILED: [3, 4.5],
  SETTLEMENT_COMPLETED: [3, 2.5],
};
const FROM_AUTHORIZED = ['AUTHORIZATION_VOIDED', 'CANCELLED', 'SETTLEMENT_REQUESTED'];
const FROM_PENDING = ['ABANDONED', 'DECLINED', 'UNKNOWN', 'FAILED', 'AUTHORIZED'];

/** The lifecycle diagram (payments.md §4); a click on a node opens the transactions with that status. */
export const Lifecycle = ({
  entries,
  currency,
  hrefOf,
}: {
  entries: TLifecycleEntry[];
  currency: string;
  hrefOf: (status: string) => string;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: {
        formatter: (p: { dataType: string; data: { entry?: TLifecycleEntry } }) =>
          p.data.entry
            ? `${t(`statuses.transaction.${p.data.entry.name}`)}: ${format.number(p.data.entry.count)} (${format.number(p.data.entry.count_percentage, 1)} %) · ${format.money(p.data.entry.volume, currency)}`
            : '',
      },
      series: [
        {
          type: 'graph',
          layout: 'none',
          roam: false,
          symbol: 'roundRect',
          symbolSize: [190, 48],
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 8,
          label: {
            show: true,
            color: token.colorText,
            fontSize: 12,
            lineHeight: 16,
            formatter: (p: { data: { entry: TLifecycleEntry } }) =>
              `${t(`statuses.transaction.${p.data.entry.name}`)}\n${format.number(p.data.entry.count)} · ${format.number(p.data.entry.count_percentage, 1)} %`,
          },
          itemStyle: { color: token.colorPrimaryBg, borderColor: token.colorPrimary, borderWidth: 1 },
          lineStyle: { color: token.colorTextTertiary, width: 1.5, curveness: 0.1 },
          data: entries.map((entry) => ({
            name: entry.name,
            x: LAYOUT[entry.name][0] * 240,
            y: LAYOUT[entry.name][1] * 80,
            entry,
            cursor: 'pointer',
          })),
          links: [
            { source: 'INITIATED', target: 'AUTHORIZED' },
            { source: 'INITIATED', target: 'PENDING' },
            ...FROM_AUTHORIZED.map((target) => ({ source: 'AUTHORIZED', target })),
            ...FROM_PENDING.filter((target) => target !== 'AUTHORIZED').map((target) => ({
              source: 'PENDING',
              target,
            })),
            { source: 'SETTLEMENT_REQUESTED', target: 'SETTLEMENT_COMPLETED' },
          ],
        },
      ],
    }),
    [entries, currency, format, t, token],
  );
  return (
    <Card title={t('statistics.lifecycle')}>
      <EChart
        option={option}
        height={440}
        label={t('statistics.lifecycleLabel')}
        onClick={(params) => params.name && navigate(hrefOf(params.name))}
      />
      {/* The same nodes as links, for the keyboard and screen readers. */}
      <nav aria-label={t('statistics.lifecycle')}>
        <Space wrap size={[8, 8]}>
          {entries.map((entry) => (
            <Link key={entry.name} to={hrefOf(entry.name)}>
              <Tag>{`${t(`statuses.transaction.${entry.name}`)}: ${format.number(entry.count)}`}</Tag>
            </Link>
          ))}
        </Space>
      </nav>
    </Card>
  );
};
