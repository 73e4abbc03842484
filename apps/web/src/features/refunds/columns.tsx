import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated, type RefundRow, type RefundTransaction } from './api/types.ts';

const tx = (row: RefundRow) => populated<RefundTransaction>(row.transaction);

/**
 * The refunds list of payments.md §2. With the default columns the export sends exactly the
 * spec's export columns in the spec's order; hiding a column drops its export columns too.
 */
export const refundColumns = (t: TFunction): ListColumn<RefundRow>[] => [
  {
    key: 'created_at',
    title: t('fields:refund.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at', 'last_status_update'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'reference',
    title: t('fields:refund.reference'),
    exportFields: [
      'transaction.merchant_reference',
      'transaction.id',
      'transaction.created_at',
      'processor_id_external',
    ],
    render: (row) => {
      const reference = tx(row)?.merchant_reference;
      return reference ? (
        <EntityLink to="transactions" filter={{ merchant_reference: reference }}>
          {reference}
        </EntityLink>
      ) : null;
    },
  },
  {
    key: 'payment_type',
    title: t('fields:refund.payment_type'),
    exportFields: ['transaction.payment_product_type', 'transaction.recurring_type'],
    render: (row) => {
      const product = tx(row)?.payment_product_type;
      return product ? t(`paymentProducts.${product}`, { defaultValue: product }) : null;
    },
  },
  {
    key: 'transaction_amount',
    title: t('fields:refund.transaction_amount'),
    align: 'right',
    exportFields: ['transaction.amount'],
    render: (row) => <Money amount={tx(row)?.amount} currency={tx(row)?.currency_code ?? row.currency_code} />,
  },
  {
    key: 'amount',
    title: t('fields:refund.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['amount'],
    render: (row) => <Money amount={row.amount} currency={row.currency_code} />,
  },
  {
    key: 'reason',
    title: t('fields:refund.reason'),
    exportFields: ['reason'],
    render: (row) => (
      <Typography.Text ellipsis style={{ maxWidth: 260 }}>
        {row.reason}
      </Typography.Text>
    ),
  },
  {
    key: 'status',
    title: t('fields:refund.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <StatusTag vocabulary="refund" status={row.status} />,
  },
  {
    key: 'last_status_update',
    title: t('fields:refund.last_status_update'),
    sortField: 'last_status_update',
    defaultHidden: true,
    render: (row) => <DateTime value={row.last_status_update} />,
  },
  {
    key: 'id',
    title: t('fields:refund.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
