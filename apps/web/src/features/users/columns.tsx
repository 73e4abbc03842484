import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { organisationOf, type UserRow } from './api/types.ts';
import { roleLabel } from './roles.ts';

/** The users lists' columns (platform and provider users alike). */
export const userColumns = (t: TFunction): ListColumn<UserRow>[] => [
  {
    key: 'name',
    title: t('fields:user.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'email',
    title: t('fields:user.email'),
    sortField: 'email',
    exportFields: ['email'],
    render: (row) => row.email,
  },
  {
    key: 'organisation',
    title: t('fields:user.organisation'),
    exportFields: ['organisation'],
    render: (row) => organisationOf(row)?.name ?? null,
  },
  {
    key: 'roles',
    title: t('fields:user.roles'),
    exportFields: ['roles'],
    render: (row) => (
      <>
        {row.roles.slice(0, 3).map((role) => (
          <Tag key={role} title={role}>
            {roleLabel(t, role)}
          </Tag>
        ))}
        {row.roles.length > 3 && <Tag>{t('users.moreRoles', { count: row.roles.length - 3 })}</Tag>}
      </>
    ),
  },
  {
    key: 'status',
    title: t('fields:user.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => (
      <>
        <Tag color={row.status === 'active' ? 'success' : 'default'}>{t(`users.status.${row.status}`)}</Tag>
        {row.locked && <Tag color="warning">{t('users.locked')}</Tag>}
      </>
    ),
  },
  {
    key: 'mfa',
    title: t('fields:user.mfa'),
    exportFields: ['mfa'],
    render: (row) => (row.mfa ? t(`mfa.types.${row.mfa}`) : t('users.mfaOff')),
  },
  {
    key: 'last_login_at',
    title: t('fields:user.last_login_at'),
    sortField: 'last_login_at',
    exportFields: ['last_login_at'],
    render: (row) => <DateTime value={row.last_login_at as string | null} />,
  },
  {
    key: 'created_at',
    title: t('fields:user.created_at'),
    sortField: 'created_at',
    defaultHidden: true,
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at as string} />,
  },
  {
    key: 'id',
    title: t('fields:user.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
