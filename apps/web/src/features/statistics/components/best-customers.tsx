import { Card, Segmented, Table } from 'antd';
import type { TBestCustomer } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '@/lib/api-client.ts';
import { useBestCustomers } from '../api/get-best-customers.ts';
import { Link } from 'react-router';
import { Money } from '@/components/money.tsx';
import { useFormat } from '@/lib/use-format.ts';

/**
 * The 10 customers with the most volume in the range, or with the most transactions (payments §7
 * "best customers by count and volume"); View customer opens the customers list with its id.
 */
export const BestCustomers = ({
  params,
  scope,
  base,
  currency,
}: {
  params: QueryParams;
  scope: string;
  base: string;
  currency: string;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const [by, setBy] = useState<'volume' | 'count'>('volume');
  const { data: rows = [], isLoading: loading } = useBestCustomers(params, scope, by);
  return (
    <Card
      title={t('statistics.bestCustomers')}
      extra={
        <Segmented
          aria-label={t('statistics.bestBy')}
          size="small"
          value={by}
          onChange={(value) => setBy(value as 'volume' | 'count')}
          options={[
            { value: 'volume', label: t('statistics.bestByVolume') },
            { value: 'count', label: t('statistics.bestByCount') },
          ]}
        />
      }
    >
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
