import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { populated, type SettlementUpdateRow } from './api/settlement-updates.ts';

export const settlementUpdateListParams: ListParamsDef = {
  filters: { 'created_at>': param.date(), 'created_at<': param.date() },
  sortable: ['created_at', 'last', 'old_last', 'update_last_run'],
  searchBy: ['id', 'processor_settlement'],
};

/** The processor settlement screen with this settlement opened (portal.md §2.4: id and an open flag). */
export const settlementHref = (row: SettlementUpdateRow) => {
  const id = populated(row.processor_settlement)?.id ?? (row.processor_settlement as string);
  return `/psp/processor-settlements?id=${encodeURIComponent(id)}&open=${encodeURIComponent(id)}`;
};

/** A check or a cross with a name for screen readers. */
export const YesNo = ({ value, t }: { value: boolean; t: TFunction }) =>
  value ? (
    <CheckOutlined aria-label={t('settlementUpdates.yes')} />
  ) : (
    <CloseOutlined aria-label={t('settlementUpdates.no')} />
  );

/** portal.md §2.4 settlement update columns. */
export const settlementUpdateColumns = (t: TFunction): ListColumn<SettlementUpdateRow>[] => [
  {
    key: 'created_at',
    title: t('fields:settlementupdate.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'processor_settlement',
    title: t('fields:settlementupdate.processor_settlement'),
    exportFields: ['processor_settlement'],
    render: (row) => (
      <Link to={settlementHref(row)} onClick={(e) => e.stopPropagation()}>
        {populated(row.processor_settlement)?.name ?? (row.processor_settlement as string)}
      </Link>
    ),
  },
  {
    key: 'last',
    title: t('fields:settlementupdate.last'),
    sortField: 'last',
    exportFields: ['last'],
    render: (row) => <DateTime value={row.last} />,
  },
  {
    key: 'old_last',
    title: t('fields:settlementupdate.old_last'),
    sortField: 'old_last',
    exportFields: ['old_last'],
    render: (row) => <DateTime value={row.old_last} />,
  },
  {
    key: 'update_last_run',
    title: t('fields:settlementupdate.update_last_run'),
    sortField: 'update_last_run',
    exportFields: ['update_last_run'],
    render: (row) => <YesNo value={row.update_last_run} t={t} />,
  },
];
