import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** One value of a breakdown: its label, count, volume, share of the count and where its drill-down goes. */
export type BreakdownRow = { key: string; label: string; count: number; volume: number; share: number; href?: string };

/**
 * Transactions of the range broken down by one thing a payment records (scheme, outcome, platform,
 * browser, issuer…): count, share of the count and volume, each value opening the list it counts.
 */
export const Breakdown = ({
  title,
  rows,
  currency,
  loading,
}: {
  title: string;
  rows: BreakdownRow[];
  currency: string;
  loading: boolean;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card title={title}>
      <Table<BreakdownRow>
        size="small"
        rowKey="key"
        loading={loading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('statistics.noData') }}
        columns={[
          {
            key: 'label',
            title: t('statistics.value'),
            render: (_, row) => (row.href ? <Link to={row.href}>{row.label}</Link> : row.label),
          },
          { key: 'count', title: t('statistics.count'), align: 'right', render: (_, row) => format.number(row.count) },
          {
            key: 'share',
            title: t('statistics.share'),
            align: 'right',
            render: (_, row) => `${format.number(row.share, 1)} %`,
          },
          {
            key: 'volume',
            title: t('statistics.volume'),
            align: 'right',
            render: (_, row) => <Money amount={row.volume} currency={currency} />,
          },
        ]}
      />
    </Card>
  );
};
