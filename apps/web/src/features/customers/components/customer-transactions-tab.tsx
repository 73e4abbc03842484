import { Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import {
  CUSTOMER_TRANSACTIONS_PAGE,
  useCustomerTransactions,
  useCustomerTransactionsCount,
  type CustomerTransaction,
} from '../api/get-customer-transactions.ts';

const currencyOf = (row: CustomerTransaction) =>
  (row.payment_profile && typeof row.payment_profile === 'object' ? row.payment_profile.currency_code : null) ??
  row.currency_code;

/** The customer's transactions, 25 per page, newest first; each opens in the transactions list. */
export const CustomerTransactionsTab = ({ customerId }: { customerId: string }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const [page, setPage] = useState(1);
  const skip = (page - 1) * CUSTOMER_TRANSACTIONS_PAGE;
  const list = useCustomerTransactions(customerId, skip, scope);
  const count = useCustomerTransactionsCount(customerId, scope);
  return (
    <Table<CustomerTransaction>
      size="small"
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data ?? []}
      locale={{ emptyText: <Empty description={t('customers.noTransactions')} /> }}
      pagination={{
        current: page,
        pageSize: CUSTOMER_TRANSACTIONS_PAGE,
        total: count.data?.count ?? 0,
        showSizeChanger: false,
        onChange: setPage,
        showTotal: (total, [from, to]) => t('list.range', { from, to, total }),
      }}
      columns={[
        {
          key: 'created_at',
          title: t('fields:transaction.created_at'),
          render: (_, row) => (
            <EntityLink to="transactions" filter={{ id: row.id }}>
              <DateTime value={row.created_at} />
            </EntityLink>
          ),
        },
        {
          key: 'amount',
          title: t('fields:transaction.amount'),
          align: 'right',
          render: (_, row) => <Money amount={row.amount} currency={currencyOf(row)} />,
        },
        {
          key: 'type',
          title: t('fields:transaction.payment_product_type'),
          render: (_, row) =>
            t(`paymentProducts.${row.payment_product_type}`, { defaultValue: row.payment_product_type }),
        },
        {
          key: 'status',
          title: t('fields:transaction.status'),
          render: (_, row) => <StatusTag vocabulary="transaction" status={row.status} />,
        },
      ]}
    />
  );
};
