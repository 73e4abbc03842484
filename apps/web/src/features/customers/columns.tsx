import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { StatusTag } from '@/components/status-tag.tsx';
import { customerName, type CustomerRow } from './api/types.ts';

/** The customers list (docs/decisions.md): name, e-mail, city/country, segment, status, created. */
export const customerColumns = (t: TFunction): ListColumn<CustomerRow>[] => [
  {
    key: 'name',
    title: t('fields:customer.name'),
    sortField: 'last_name',
    exportFields: ['first_name', 'last_name'],
    render: (row) => <Typography.Text strong>{customerName(row)}</Typography.Text>,
  },
  {
    key: 'email_address',
    title: t('fields:customer.email_address'),
    sortField: 'email_address',
    exportFields: ['email_address'],
    render: (row) => row.email_address,
  },
  {
    key: 'location',
    title: t('fields:customer.location'),
    sortField: 'city',
    exportFields: ['city', 'country_code'],
    render: (row) => [row.city, row.country_code].filter(Boolean).join(', '),
  },
  {
    key: 'segment',
    title: t('fields:customer.segment'),
    sortField: 'segment',
    exportFields: ['segment'],
    render: (row) => (row.segment ? t(`customers.segments.${row.segment}`, { defaultValue: row.segment }) : null),
  },
  {
    key: 'status',
    title: t('fields:customer.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <StatusTag vocabulary="customer" status={row.status} />,
  },
  {
    key: 'created_at',
    title: t('fields:customer.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'phone_number',
    title: t('fields:customer.phone_number'),
    defaultHidden: true,
    exportFields: ['phone_number'],
    render: (row) => row.phone_number,
  },
  {
    key: 'id',
    title: t('fields:customer.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
