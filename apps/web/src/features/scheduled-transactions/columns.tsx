import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { customerLabel, populated, type ScheduledRow } from './api/types.ts';

/** Columns of the scheduled transactions list (docs/decisions.md). */
export const scheduledColumns = (t: TFunction): ListColumn<ScheduledRow>[] => {
  const f = (field: string) => t(`fields:scheduled_transaction.${field}`);
  return [
    {
      key: 'due_at',
      title: f('due_at'),
      sortField: 'due_at',
      exportFields: ['due_at'],
      render: (row) => <DateTime value={row.due_at} />,
    },
    {
      key: 'customer',
      title: f('customer'),
      exportFields: ['customer.email_address'],
      render: (row) => customerLabel(row.customer),
    },
    {
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
      exportFields: ['status'],
      render: (row) => <StatusTag vocabulary="scheduledTransaction" status={row.status} />,
    },
    {
      key: 'attempts',
      title: f('attempts'),
      sortField: 'attempts',
      align: 'right',
      exportFields: ['attempts'],
      render: (row) => row.attempts,
    },
    {
      key: 'transaction',
      title: f('transaction'),
      exportFields: ['transaction.merchant_reference'],
      render: (row) => {
        const tx = populated(row.transaction);
        return tx ? (
          <EntityLink to="transactions" filter={{ id: tx.id }} open>
            {tx.merchant_reference ?? tx.id}
          </EntityLink>
        ) : null;
      },
    },
    {
      key: 'failure_reason',
      title: f('failure_reason'),
      exportFields: ['failure_reason'],
      render: (row) => <Typography.Text type="danger">{row.failure_reason}</Typography.Text>,
    },
    {
      key: 'created_at',
      title: f('created_at'),
      sortField: 'created_at',
      defaultHidden: true,
      exportFields: ['created_at'],
      render: (row) => <DateTime value={row.created_at} />,
    },
    {
      key: 'id',
      title: f('id'),
      defaultHidden: true,
      exportFields: ['id'],
      render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
    },
  ];
};
