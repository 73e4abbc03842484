import { EyeOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { Money } from '@/components/money.tsx';
import { PaymentProduct } from '@/components/payments/payment-product.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated, type StatusUpdateRow } from './api/status-updates.ts';

export const statusUpdateListParams: ListParamsDef = {
  filters: { 'created_at>': param.date(), 'created_at<': param.date(), type: param.oneOf(['transaction', 'refund']) },
  sortable: ['created_at', 'type', 'status'],
  searchBy: ['id', 'transaction', 'refund'],
};

/** The changed item: the refund for refund updates, else the transaction. */
export const itemOf = (row: StatusUpdateRow) => populated(row.type === 'refund' ? row.refund : row.transaction);
/** The item's top merchant (its organisation may be a sub-organisation): the merchant context to open. */
export const merchantOf = (row: StatusUpdateRow) => populated(row.merchant);

/** The merchant's transactions or refunds list with this item opened. */
export const itemHref = (row: StatusUpdateRow) => {
  const id =
    row.type === 'refund'
      ? (populated(row.refund)?.id ?? (row.refund as string))
      : (populated(row.transaction)?.id ?? (row.transaction as string));
  const org = merchantOf(row)?.id ?? (row.merchant as string);
  return `/psp/merchants/${encodeURIComponent(org)}/${row.type === 'refund' ? 'refunds' : 'transactions'}?id=${encodeURIComponent(id)}&open=${encodeURIComponent(id)}`;
};

/** portal.md §2.4 status update columns. */
export const statusUpdateColumns = (t: TFunction): ListColumn<StatusUpdateRow>[] => [
  {
    key: 'created_at',
    title: t('fields:statusupdate.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'type',
    title: t('fields:statusupdate.type'),
    sortField: 'type',
    exportFields: ['type'],
    render: (row) => t(`admin.types.${row.type}`),
  },
  {
    key: 'status',
    title: t('fields:statusupdate.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <StatusTag vocabulary={row.type} status={row.status} />,
  },
  {
    key: 'amount',
    title: t('fields:statusupdate.amount'),
    align: 'right',
    render: (row) => <Money amount={itemOf(row)?.amount} currency={itemOf(row)?.currency_code} />,
  },
  {
    key: 'product',
    title: t('fields:statusupdate.payment_product'),
    render: (row) => {
      const p = populated(row.transaction)?.payment_product_type;
      return p ? <PaymentProduct product={p} /> : null;
    },
  },
  {
    key: 'reference',
    title: t('fields:statusupdate.merchant_reference'),
    render: (row) => populated(row.transaction)?.merchant_reference,
  },
  {
    key: 'merchant',
    title: t('fields:statusupdate.merchant'),
    exportFields: ['merchant'],
    render: (row) => {
      const m = merchantOf(row);
      return m ? (
        <Link to={`/psp/merchants/${encodeURIComponent(m.id)}`} onClick={(e) => e.stopPropagation()}>
          {m.name}
        </Link>
      ) : null;
    },
  },
  {
    key: 'open',
    title: t('admin.openItem'),
    render: (row) => (
      <Link
        to={itemHref(row)}
        aria-label={t('admin.openItemOf', { id: itemOf(row)?.id ?? '' })}
        onClick={(e) => e.stopPropagation()}
      >
        <EyeOutlined />
      </Link>
    ),
  },
];
