import { listScreens } from '@kassa/domain';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { Money } from '@/components/money.tsx';
import type { MerchantRow } from './api/get-merchants.ts';
import { MerchantActiveSwitch } from './components/merchant-active-switch.tsx';

/** portal.md §2.3: initially sorted by amount descending, active only. */
export const merchantListParams: ListParamsDef = {
  filters: { active: param.oneOf(['true', 'false']) },
  sortable: ['amount', 'count', 'name', 'created_at'],
  defaultSort: listScreens.merchants.defaultSort,
  searchBy: ['name', 'id', 'email'],
  initial: listScreens.merchants.initial,
};

/** The merchants list: name (opens the merchant), 30-day revenue and count, place, created, active toggle. */
export const merchantColumns = (t: TFunction): ListColumn<MerchantRow>[] => [
  {
    key: 'name',
    title: t('fields:merchant.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => (
      <Link to={`/psp/merchants/${encodeURIComponent(row.id)}`} onClick={(event) => event.stopPropagation()}>
        {row.name}
      </Link>
    ),
  },
  {
    key: 'amount',
    title: t('fields:merchant.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['amount', 'currency_code'],
    render: (row) => <Money amount={Number(row.amount)} currency={row.currency_code} />,
  },
  {
    key: 'count',
    title: t('fields:merchant.count'),
    sortField: 'count',
    align: 'right',
    exportFields: ['count'],
    render: (row) => Number(row.count).toLocaleString(),
  },
  {
    key: 'locality',
    title: t('fields:merchant.locality'),
    exportFields: ['locality', 'country_code'],
    render: (row) => [row.locality, row.country_code].filter(Boolean).join(', '),
  },
  {
    key: 'sub_organisations',
    title: t('fields:merchant.sub_organisations'),
    align: 'right',
    defaultHidden: true,
    exportFields: ['sub_organisations'],
    render: (row) => row.sub_organisations,
  },
  {
    key: 'created_at',
    title: t('fields:merchant.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} dateOnly />,
  },
  {
    key: 'active',
    title: t('fields:merchant.active'),
    exportFields: ['active'],
    render: (row) => <MerchantActiveSwitch merchant={row} />,
  },
  {
    key: 'id',
    title: t('fields:merchant.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
