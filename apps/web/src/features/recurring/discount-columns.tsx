import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import type { DiscountRow } from './api/types.ts';
import { Cycles, DiscountAmount } from './components/recurring-format.tsx';

/** Subscription discounts list columns (payments.md §2): name, amount, duration, minimum amount, first order only. */
export const discountColumns = (t: TFunction): ListColumn<DiscountRow>[] => [
  {
    key: 'name',
    title: t('fields:subscription_discount.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'amount',
    title: t('fields:subscription_discount.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['type', 'amount'],
    render: (row) => <DiscountAmount type={row.type} amount={row.amount} />,
  },
  {
    key: 'duration',
    title: t('fields:subscription_discount.duration'),
    sortField: 'duration',
    exportFields: ['duration'],
    render: (row) => <Cycles value={row.duration} />,
  },
  {
    key: 'minimum_amount',
    title: t('fields:subscription_discount.minimum_amount'),
    sortField: 'minimum_amount',
    align: 'right',
    exportFields: ['minimum_amount'],
    render: (row) => <Money amount={row.minimum_amount} />,
  },
  {
    key: 'limit_to_first_order',
    title: t('fields:subscription_discount.limit_to_first_order'),
    exportFields: ['limit_to_first_order'],
    render: (row) => (row.limit_to_first_order ? t('recurring.yes') : t('recurring.no')),
  },
  {
    key: 'type',
    title: t('fields:subscription_discount.type'),
    defaultHidden: true,
    render: (row) => t(`recurring.discountTypes.${row.type}`),
  },
  {
    key: 'id',
    title: t('fields:subscription_discount.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
