import { Card, Table } from 'antd';
import type { TBestCustomer } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** The 10 customers with the most volume in the range; View customer opens the customers list with its id. */
export const BestCustomers = ({
  rows,
  base,
  loading,
  currency,
}: {
  rows: TBestCustomer[];
  base: string;
  loading: boolean;
  currency: string;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card title={t('statistics.bestCustomers')}>
      <Table<TBestCustomer>
        size="small"
        rowKey={(row) => row.customer.id}
        loading={loading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('statistics.noData') }}
        columns={[
          {
            key: 'name',
            title: t('statistics.customer'),
            render: (_, row) => (
              <Link
                to={`${base}/customers?id=${encodeURIComponent(row.customer.id)}&open=${encodeURIComponent(row.customer.id)}`}
              >
                {row.customer.name}
              </Link>
            ),
          },
          {
            key: 'place',
            title: t('statistics.place'),
            render: (_, row) => [row.customer.city, row.customer.country_code].filter(Boolean).join(', '),
          },
          { key: 'count', title: t('statistics.count'), align: 'right', render: (_, row) => format.number(row.count) },
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
