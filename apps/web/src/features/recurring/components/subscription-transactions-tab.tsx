import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { SUBSCRIPTION_TRANSACTIONS_PAGE, useSubscriptionTransactions } from '../api/get-subscription-transactions.ts';
import type { SubscriptionRow, SubscriptionTransaction } from '../api/types.ts';

/** The charges of a subscription, newest first, 25 a page, each linking to the transactions list. */
export const SubscriptionTransactionsTab = ({ sub }: { sub: SubscriptionRow }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSubscriptionTransactions(sub.id, page, scope);
  const f = (field: string) => t(`fields:transaction.${field}`);
  return (
    <Table<SubscriptionTransaction>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.rows ?? []}
      locale={{ emptyText: t('recurring.subscriptions.noTransactions') }}
      pagination={{
        current: page,
        pageSize: SUBSCRIPTION_TRANSACTIONS_PAGE,
        total: data?.count ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        {
          key: 'created_at',
          title: f('created_at'),
          render: (_, row) => (
            <EntityLink to="transactions" filter={{ id: row.id }} open>
              <DateTime value={row.created_at} />
            </EntityLink>
          ),
        },
        { key: 'cycle', title: f('subscription_cycle'), align: 'right', render: (_, row) => row.subscription_cycle },
        {
          key: 'amount',
          title: f('amount'),
          align: 'right',
          render: (_, row) => <Money amount={row.amount} currency={row.currency_code} />,
        },
        {
          key: 'status',
          title: f('status'),
          render: (_, row) => <StatusTag vocabulary="transaction" status={row.status} />,
        },
        {
          key: 'reason',
          title: f('status_reason'),
          render: (_, row) =>
            row.status_reason && <Typography.Text type="secondary">{row.status_reason}</Typography.Text>,
        },
      ]}
    />
  );
};
