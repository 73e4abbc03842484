import { Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { customerName, populated, type CustomerRef, type TransactionRow } from './api/types.ts';
import { PaymentProduct } from '@/components/payments/payment-product.tsx';
import { TransactionTags } from './components/transaction-tags.tsx';

/** The transactions list's columns, cells and export columns (docs/decisions.md). */
export const transactionColumns = (t: TFunction): ListColumn<TransactionRow>[] => [
  {
    key: 'created_at',
    title: t('fields:transaction.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'merchant_reference',
    title: t('fields:transaction.merchant_reference'),
    sortField: 'merchant_reference',
    exportFields: ['merchant_reference'],
    render: (row) => <Typography.Text strong>{row.merchant_reference}</Typography.Text>,
  },
  {
    key: 'customer',
    title: t('fields:transaction.customer'),
    exportFields: ['customer.email_address'],
    render: (row) => {
      const customer = populated<CustomerRef>(row.customer);
      return customer ? (
        <Space orientation="vertical" size={0}>
          <span>{customerName(customer)}</span>
          {customer.email_address && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {customer.email_address}
            </Typography.Text>
          )}
        </Space>
      ) : null;
    },
  },
  {
    key: 'payment_product_type',
    title: t('fields:transaction.payment_product_type'),
    sortField: 'payment_product_type',
    exportFields: ['payment_product_type', 'card_brand'],
    render: (row) => <PaymentProduct product={row.payment_product_type} brand={row.card_brand} />,
  },
  {
    key: 'amount',
    title: t('fields:transaction.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['amount', 'currency_code'],
    render: (row) => <Money amount={row.amount} currency={row.currency_code} />,
  },
  {
    key: 'processor',
    title: t('fields:transaction.processor'),
    exportFields: ['processor.name'],
    render: (row) => populated<{ id: string; name: string }>(row.processor)?.name ?? null,
  },
  {
    key: 'tags',
    title: t('fields:transaction.tags'),
    exportFields: ['tags'],
    render: (row) => <TransactionTags ids={row.tags} />,
  },
  {
    key: 'id',
    title: t('fields:transaction.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
  {
    key: 'description',
    title: t('fields:transaction.description'),
    defaultHidden: true,
    exportFields: ['description'],
    render: (row) => row.description,
  },
  {
    key: 'country_code',
    title: t('fields:transaction.country_code'),
    defaultHidden: true,
    exportFields: ['country_code'],
    render: (row) => row.country_code,
  },
  ...(['platform', 'browser', 'issuer', 'issuer_country'] as const).map((field) => ({
    key: field,
    title: t(`fields:transaction.${field}`),
    defaultHidden: true,
    exportFields: [field],
    render: (row: TransactionRow) => row[field],
  })),
  // Last and sticky: at 1024 px the table scrolls sideways and the status stays in view.
  {
    key: 'status',
    title: t('fields:transaction.status'),
    sortField: 'status',
    exportFields: ['status'],
    fixed: 'right',
    render: (row) => <StatusTag vocabulary="transaction" status={row.status} />,
  },
];
