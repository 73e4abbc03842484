import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { customerLabel, populated, vocabularyOf, type LinkCustomer, type LinkKind, type LinkRow } from './api/types.ts';
import { CopyLinkButton } from './components/copy-link-button.tsx';

/** Columns of the payment-link and card-add-link lists (docs/decisions.md); amount only on payment links. */
export const linkColumns = (t: TFunction, kind: LinkKind): ListColumn<LinkRow>[] => {
  const f = (field: string) => t(`fields:link.${field}`);
  const columns: (ListColumn<LinkRow> | false)[] = [
    {
      key: 'created_at',
      title: f('created_at'),
      sortField: 'created_at',
      exportFields: ['created_at'],
      render: (row) => <DateTime value={row.created_at} />,
    },
    {
      key: 'merchant_reference',
      title: f('merchant_reference'),
      sortField: 'merchant_reference',
      exportFields: ['merchant_reference'],
      render: (row) => <Typography.Text strong>{row.merchant_reference}</Typography.Text>,
    },
    {
      key: 'description',
      title: f('description'),
      exportFields: ['description'],
      render: (row) => (
        <Typography.Text ellipsis style={{ maxWidth: 240 }}>
          {row.description}
        </Typography.Text>
      ),
    },
    {
      key: 'customer',
      title: f('customer'),
      defaultHidden: kind === 'payment-link',
      exportFields: ['customer.email_address'],
      render: (row) => customerLabel(populated<LinkCustomer>(row.customer)),
    },
    kind === 'payment-link' && {
      key: 'amount',
      title: f('amount'),
      sortField: 'amount',
      align: 'right',
      exportFields: ['amount', 'currency_code'],
      render: (row) => <Money amount={row.amount} currency={row.currency_code} />,
    },
    {
      key: 'status',
      title: f('status'),
      sortField: 'status',
      exportFields: ['status', 'active'],
      render: (row) => <StatusTag vocabulary={vocabularyOf(kind)} status={row.status} />,
    },
    {
      key: 'expires_at',
      title: f('expires_at'),
      sortField: 'expires_at',
      exportFields: ['expires_at'],
      render: (row) => <DateTime value={row.expires_at} />,
    },
    {
      key: 'url',
      title: f('url'),
      exportFields: ['url'],
      render: (row) => (row.active ? <CopyLinkButton url={row.url} /> : null),
    },
    {
      key: 'id',
      title: f('id'),
      defaultHidden: true,
      exportFields: ['id'],
      render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
    },
  ];
  return columns.filter((column): column is ListColumn<LinkRow> => Boolean(column));
};
