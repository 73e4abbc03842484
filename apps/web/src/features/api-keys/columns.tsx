import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { organisationName, type ApiKeyRow } from './api/types.ts';

export const apiKeyListParams: ListParamsDef = {
  filters: { active: param.bool() },
  sortable: ['created_at', 'name', 'last_used_at', 'revoked_at'],
  defaultSort: '-created_at',
  searchBy: ['name', 'id'],
};

/** The API keys list: recognised by name and prefix, never by the key. */
export const apiKeyColumns = (t: TFunction): ListColumn<ApiKeyRow>[] => [
  {
    key: 'name',
    title: t('fields:apikey.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'prefix',
    title: t('fields:apikey.prefix'),
    exportFields: ['prefix'],
    render: (row) => <Typography.Text code>{`${row.prefix}_…`}</Typography.Text>,
  },
  {
    key: 'organisation',
    title: t('fields:apikey.organisation'),
    exportFields: ['organisation'],
    render: (row) => organisationName(row),
  },
  {
    key: 'roles',
    title: t('fields:apikey.roles'),
    exportFields: ['roles'],
    render: (row) => (
      <>
        {row.roles.slice(0, 3).map((role) => (
          <Tag key={role}>{role}</Tag>
        ))}
        {row.roles.length > 3 && <Tag>{t('apiKeys.moreRoles', { count: row.roles.length - 3 })}</Tag>}
      </>
    ),
  },
  {
    key: 'active',
    title: t('fields:apikey.active'),
    exportFields: ['active'],
    render: (row) => (
      <Tag color={row.active ? 'success' : row.change_request && !row.revoked_at ? 'warning' : 'default'}>
        {t(
          row.active
            ? 'apiKeys.active'
            : row.change_request && !row.revoked_at
              ? 'apiKeys.awaitingApproval'
              : 'apiKeys.revoked',
        )}
      </Tag>
    ),
  },
  {
    key: 'last_used_at',
    title: t('fields:apikey.last_used_at'),
    sortField: 'last_used_at',
    exportFields: ['last_used_at'],
    render: (row) => (row.last_used_at ? <DateTime value={row.last_used_at as string} /> : t('apiKeys.neverUsed')),
  },
  {
    key: 'created_at',
    title: t('fields:apikey.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at as string} />,
  },
  {
    key: 'created_by',
    title: t('fields:apikey.created_by'),
    defaultHidden: true,
    exportFields: ['created_by'],
    render: (row) => row.created_by,
  },
  {
    key: 'id',
    title: t('fields:apikey.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
