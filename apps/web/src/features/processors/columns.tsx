import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import type { MiddlewareRow, ProcessorRow } from './api/processors.ts';

export const processorListParams: ListParamsDef = {
  filters: { active: param.bool(), provider: param.text() },
  sortable: ['created_at', 'name', 'provider', 'payment_product'],
  defaultSort: 'name',
  searchBy: ['name', 'id'],
};
export const middlewareListParams: ListParamsDef = {
  filters: { provider: param.text() },
  sortable: ['created_at', 'name', 'provider'],
  defaultSort: 'name',
  searchBy: ['name', 'id'],
};

const active = (t: TFunction, on: boolean) => (
  <Tag color={on ? 'success' : 'default'}>{t(on ? 'processors.active' : 'processors.inactive')}</Tag>
);

/** Processors and processor settlements: the same columns, the product or the settlement type. */
export const processorColumns = (t: TFunction, settlement: boolean): ListColumn<ProcessorRow>[] => [
  {
    key: 'name',
    title: t('fields:processor.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'provider',
    title: t('fields:processor.provider'),
    sortField: 'provider',
    exportFields: ['provider'],
    render: (row) => row.provider,
  },
  settlement
    ? {
        key: 'processor_settlement_type',
        title: t('fields:processor.processor_settlement_type'),
        exportFields: ['processor_settlement_type'],
        render: (row) => row.processor_settlement_type,
      }
    : {
        key: 'payment_product',
        title: t('fields:processor.payment_product'),
        sortField: 'payment_product',
        exportFields: ['payment_product'],
        render: (row) =>
          row.payment_product && t(`paymentProducts.${row.payment_product}`, { defaultValue: row.payment_product }),
      },
  {
    key: 'description',
    title: t('fields:processor.description'),
    exportFields: ['description'],
    render: (row) => row.description,
  },
  {
    key: 'active',
    title: t('fields:processor.active'),
    exportFields: ['active'],
    render: (row) => active(t, row.active),
  },
  {
    key: 'created_at',
    title: t('fields:processor.created_at'),
    sortField: 'created_at',
    defaultHidden: true,
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'id',
    title: t('fields:processor.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];

export const middlewareColumns = (t: TFunction): ListColumn<MiddlewareRow>[] => [
  {
    key: 'name',
    title: t('fields:middleware.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'provider',
    title: t('fields:middleware.provider'),
    sortField: 'provider',
    exportFields: ['provider'],
    render: (row) => row.provider,
  },
  {
    key: 'created_at',
    title: t('fields:middleware.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'id',
    title: t('fields:middleware.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
