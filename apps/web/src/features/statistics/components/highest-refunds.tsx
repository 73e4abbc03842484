import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated } from '@/lib/entity-api.ts';
import { useFormat } from '@/lib/use-format.ts';
import type { HighestRefund } from '../api/get-highest-refunds.ts';

/** The 5 highest refunds of the range (payments.md §3), each opening the refunds list on it. */
export const HighestRefunds = ({ rows, base, loading }: { rows: HighestRefund[]; base: string; loading: boolean }) => {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card title={t('statistics.highestRefunds')}>
      <Table<HighestRefund>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('statistics.noData') }}
        columns={[
          { key: 'date', title: t('statistics.date'), render: (_, row) => format.dateTime(row.last_status_update) },
          {
            key: 'reference',
            title: t('statistics.reference'),
            render: (_, row) => (
              <Link to={`${base}/refunds?id=${encodeURIComponent(row.id)}&open=${encodeURIComponent(row.id)}`}>
                {populated(row.transaction)?.merchant_reference ?? row.id}
              </Link>
            ),
          },
          {
            key: 'transactionAmount',
            title: t('statistics.transactionAmount'),
            align: 'right',
            render: (_, row) => (
              <Money
                amount={populated(row.transaction)?.amount}
                currency={populated(row.payment_profile)?.currency_code}
              />
            ),
          },
          {
            key: 'amount',
            title: t('statistics.refundAmount'),
            align: 'right',
            render: (_, row) => <Money amount={row.amount} currency={populated(row.payment_profile)?.currency_code} />,
          },
          { key: 'reason', title: t('statistics.reason'), render: (_, row) => row.reason },
          {
            key: 'status',
            title: t('statistics.status'),
            render: (_, row) => <StatusTag vocabulary="refund" status={row.status} />,
          },
        ]}
      />
    </Card>
  );
};
