import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { reasonText } from '@/components/chargeback-reason.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useTransactionChargebacks } from '../api/get-transaction-chargebacks.ts';
import { useTransactionRefunds } from '../api/get-transaction-refunds.ts';

/** A reason of any length wraps inside its cell, so the status beside it stays in view. */
const wrapping = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

/** The refunds of a transaction, newest first, with a link to the refunds list. */
export const RefundsTab = ({ transactionId }: { transactionId: string }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data, isPending } = useTransactionRefunds(transactionId, useOrganisationScope(pathname));
  return (
    <Table
      size="small"
      rowKey="id"
      loading={isPending}
      dataSource={data ?? []}
      pagination={false}
      locale={{ emptyText: <Empty description={t('transactions.noRefunds')} /> }}
      footer={
        data?.length
          ? () => (
              <EntityLink to="refunds" filter={{ transaction: transactionId }}>
                {t('transactions.refunds')}
              </EntityLink>
            )
          : undefined
      }
      columns={[
        {
          key: 'created_at',
          title: t('fields:refund.created_at'),
          render: (_, row) => <DateTime value={row.created_at} />,
        },
        {
          key: 'amount',
          title: t('fields:refund.amount'),
          align: 'right',
          render: (_, row) => <Money amount={row.amount} currency={row.currency_code} />,
        },
        {
          key: 'reason',
          title: t('fields:refund.reason'),
          render: (_, row) => <span style={wrapping}>{row.reason}</span>,
        },
        {
          key: 'status',
          title: t('fields:refund.status'),
          render: (_, row) => <StatusTag vocabulary="refund" status={row.status} />,
        },
      ]}
    />
  );
};

/** The chargebacks of a transaction with their reason codes. */
export const ChargebacksTab = ({ transactionId }: { transactionId: string }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data, isPending } = useTransactionChargebacks(transactionId, useOrganisationScope(pathname));
  return (
    <Table
      size="small"
      rowKey="id"
      loading={isPending}
      dataSource={data ?? []}
      pagination={false}
      locale={{ emptyText: <Empty description={t('transactions.noChargebacks')} /> }}
      columns={[
        {
          key: 'created_at',
          title: t('fields:chargeback.created_at'),
          render: (_, row) => <DateTime value={row.created_at} />,
        },
        {
          key: 'amount',
          title: t('fields:chargeback.amount'),
          align: 'right',
          render: (_, row) => <Money amount={row.amount} currency={row.currency_code} />,
        },
        {
          key: 'reason',
          title: t('fields:chargeback.reason'),
          render: (_, row) => (
            <span style={wrapping}>
              {row.reason_code && <Typography.Text code>{row.reason_code}</Typography.Text>}{' '}
              {reasonText(t, row.reason_code, row.reason)}
            </span>
          ),
        },
        {
          key: 'status',
          title: t('fields:chargeback.status'),
          render: (_, row) => <StatusTag vocabulary="chargeback" status={row.status} />,
        },
      ]}
    />
  );
};
