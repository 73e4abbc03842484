import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import type { PaymentProfileRow } from './api/payment-profiles.ts';

export const paymentProfileListParams: ListParamsDef = {
  filters: { currency_code: param.text(), intelligent_routing: param.bool() },
  sortable: ['created_at', 'name', 'display_name', 'currency_code'],
  defaultSort: 'name',
  searchBy: ['name', 'id'],
};

/** The payment profiles list. */
export const paymentProfileColumns = (t: TFunction): ListColumn<PaymentProfileRow>[] => [
  {
    key: 'name',
    title: t('fields:payment_profile.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'display_name',
    title: t('fields:payment_profile.display_name'),
    sortField: 'display_name',
    exportFields: ['display_name'],
    render: (row) => row.display_name,
  },
  {
    key: 'organisation',
    title: t('fields:payment_profile.organisation'),
    exportFields: ['organisation'],
    render: (row) => (typeof row.organisation === 'object' ? row.organisation.name : row.organisation),
  },
  {
    key: 'currency_code',
    title: t('fields:payment_profile.currency_code'),
    sortField: 'currency_code',
    exportFields: ['currency_code'],
    render: (row) => row.currency_code,
  },
  {
    key: 'processors',
    title: t('fields:payment_profile.processors'),
    exportFields: ['processors'],
    render: (row) => row.processors.length,
  },
  {
    key: 'intelligent_routing',
    title: t('fields:payment_profile.intelligent_routing'),
    exportFields: ['intelligent_routing'],
    render: (row) => (
      <Tag color={row.intelligent_routing ? 'processing' : 'default'}>
        {t(row.intelligent_routing ? 'paymentProfiles.on' : 'paymentProfiles.off')}
      </Tag>
    ),
  },
  {
    key: 'created_at',
    title: t('fields:payment_profile.created_at'),
    sortField: 'created_at',
    defaultHidden: true,
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'id',
    title: t('fields:payment_profile.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
