import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { populated, type PlanRow } from './api/types.ts';
import { Cycles, IntervalText } from './components/recurring-format.tsx';

/** Plans list columns (payments.md §2): name, description, amount, checkout, interval, max cycles. */
export const planColumns = (t: TFunction): ListColumn<PlanRow>[] => [
  {
    key: 'name',
    title: t('fields:plan.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'description',
    title: t('fields:plan.description'),
    exportFields: ['description'],
    render: (row) => (
      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
        {row.description}
      </Typography.Text>
    ),
  },
  {
    key: 'amount',
    title: t('fields:plan.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['amount'],
    render: (row) => <Money amount={row.amount} currency={populated(row.payment_profile)?.currency_code} />,
  },
  {
    key: 'checkout',
    title: t('fields:plan.checkout'),
    exportFields: ['checkout'],
    render: (row) => populated(row.checkout)?.name ?? null,
  },
  {
    key: 'interval',
    title: t('fields:plan.interval'),
    sortField: 'interval',
    exportFields: ['interval', 'interval_count'],
    render: (row) => <IntervalText interval={row.interval} count={row.interval_count} />,
  },
  {
    key: 'max_billing_cycle',
    title: t('fields:plan.max_billing_cycle'),
    sortField: 'max_billing_cycle',
    align: 'right',
    exportFields: ['max_billing_cycle'],
    render: (row) => <Cycles value={row.max_billing_cycle} />,
  },
  {
    key: 'payment_profile',
    title: t('fields:plan.payment_profile'),
    defaultHidden: true,
    exportFields: ['payment_profile'],
    render: (row) => populated(row.payment_profile)?.name,
  },
  {
    key: 'id',
    title: t('fields:plan.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
