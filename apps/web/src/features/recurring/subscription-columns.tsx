import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { customerName, idOf, populated, type CustomerRef, type PlanRow, type SubscriptionRow } from './api/types.ts';
import { CopyLink } from './components/copy-link.tsx';
import { Cycles } from './components/recurring-format.tsx';

/**
 * Subscriptions list columns (payments.md §2): customer (to customers), plan (to plans), amount,
 * current billing cycle, due date, max billing cycle, payment, link, status.
 */
export const subscriptionColumns = (t: TFunction): ListColumn<SubscriptionRow>[] => [
  {
    key: 'customer',
    title: t('fields:subscription.customer'),
    exportFields: ['customer'],
    render: (row) => {
      const customer = populated<CustomerRef>(row.customer);
      const id = idOf(row.customer);
      return id ? (
        <EntityLink to="customers" filter={{ id }} open>
          {customerName(customer) || id}
        </EntityLink>
      ) : null;
    },
  },
  {
    key: 'plan',
    title: t('fields:subscription.plan'),
    exportFields: ['plan'],
    render: (row) => {
      const id = idOf(row.plan);
      return id ? (
        <EntityLink to="subscriptions/plans" filter={{ id }} open>
          {populated<PlanRow>(row.plan)?.name ?? id}
        </EntityLink>
      ) : null;
    },
  },
  {
    key: 'amount',
    title: t('fields:subscription.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['amount', 'currency_code'],
    render: (row) => <Money amount={row.amount} currency={row.currency_code} />,
  },
  {
    key: 'billing_cycle',
    title: t('fields:subscription.billing_cycle'),
    sortField: 'billing_cycle',
    align: 'right',
    exportFields: ['billing_cycle'],
    render: (row) => row.billing_cycle,
  },
  {
    key: 'due_date',
    title: t('fields:subscription.due_date'),
    sortField: 'due_date',
    exportFields: ['due_date'],
    render: (row) => <DateTime value={row.due_date} dateOnly />,
  },
  {
    key: 'max_billing_cycle',
    title: t('fields:subscription.max_billing_cycle'),
    sortField: 'max_billing_cycle',
    align: 'right',
    exportFields: ['max_billing_cycle'],
    render: (row) => <Cycles value={row.max_billing_cycle} />,
  },
  {
    key: 'payment_product',
    title: t('fields:subscription.payment_product'),
    sortField: 'payment_product',
    exportFields: ['payment_product'],
    render: (row) => t(`paymentProducts.${row.payment_product}`),
  },
  {
    key: 'link',
    title: t('fields:subscription.subscription_url'),
    exportFields: ['subscription_url'],
    render: (row) => <CopyLink sub={row} />,
  },
  {
    key: 'status',
    title: t('fields:subscription.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <StatusTag vocabulary="subscription" status={row.status} />,
  },
  {
    key: 'last_paid_date',
    title: t('fields:subscription.last_paid_date'),
    sortField: 'last_paid_date',
    defaultHidden: true,
    exportFields: ['last_paid_date'],
    render: (row) => <DateTime value={row.last_paid_date} />,
  },
  {
    key: 'id',
    title: t('fields:subscription.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
