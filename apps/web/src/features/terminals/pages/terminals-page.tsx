import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess, TERMINAL_MODELS, TERMINAL_STATUSES } from '@kassa/domain';
import { Button, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { useMe } from '@/lib/session.ts';
import { terminalsCountQueryOptions, terminalsQueryOptions, type TerminalRow } from '../api/terminals.ts';
import { TerminalDrawer } from '../components/terminal-drawer.tsx';

const params: ListParamsDef = {
  filters: { status: param.oneOf(TERMINAL_STATUSES), 'model[]': param.anyOf(TERMINAL_MODELS) },
  sortable: ['created_at', 'name', 'serial_number', 'model', 'status', 'last_seen_at'],
  defaultSort: 'name',
  searchBy: ['name', 'serial_number', 'id'],
};

const columns = (t: TFunction): ListColumn<TerminalRow>[] => [
  {
    key: 'name',
    title: t('fields:terminal.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'serial_number',
    title: t('fields:terminal.serial_number'),
    sortField: 'serial_number',
    exportFields: ['serial_number'],
    render: (row) => <Typography.Text code>{row.serial_number}</Typography.Text>,
  },
  {
    key: 'model',
    title: t('fields:terminal.model'),
    sortField: 'model',
    exportFields: ['model'],
    render: (row) => row.model,
  },
  {
    key: 'payment_profile',
    title: t('fields:terminal.payment_profile'),
    exportFields: ['payment_profile'],
    render: (row) => (typeof row.payment_profile === 'string' ? row.payment_profile : row.payment_profile.name),
  },
  {
    key: 'location',
    title: t('fields:terminal.location'),
    exportFields: ['location'],
    render: (row) => row.location ?? '—',
  },
  {
    key: 'last_seen_at',
    title: t('fields:terminal.last_seen_at'),
    sortField: 'last_seen_at',
    exportFields: ['last_seen_at'],
    defaultHidden: true,
    render: (row) => <DateTime value={row.last_seen_at} />,
  },
  {
    key: 'created_at',
    title: t('fields:terminal.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'status',
    title: t('fields:terminal.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => (
      <Tag color={row.status === 'active' ? 'success' : 'default'}>{t(`terminals.statuses.${row.status}`)}</Tag>
    ),
  },
];

/** Developers → Terminals: the merchant's card terminals and the profile each takes payments for. */
export const TerminalsPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t), [t]);
  return (
    <>
      <ListScreen<TerminalRow>
        listId="terminals"
        title={t('terminals.title')}
        params={params}
        columns={cols}
        listQuery={terminalsQueryOptions}
        countQuery={terminalsCountQueryOptions}
        exportPath="terminal/export"
        searchByLabel={(field) => t(`fields:terminal.${field}`)}
        filters={(props) => (
          <>
            <SelectFilter
              {...props}
              field="status"
              single
              label={t('fields:terminal.status')}
              options={TERMINAL_STATUSES.map((value) => ({ value, label: t(`terminals.statuses.${value}`) }))}
            />
            <SelectFilter
              {...props}
              field="model[]"
              label={t('fields:terminal.model')}
              options={TERMINAL_MODELS.map((value) => ({ value, label: value }))}
            />
          </>
        )}
        renderDetail={(id, close) => <TerminalDrawer id={id} onClose={close} />}
        actions={
          hasAccess(me?.roles ?? [], access.terminal.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('terminals.create')}
            </Button>
          )
        }
      />
      {creating && <TerminalDrawer id={null} onClose={() => setCreating(false)} />}
    </>
  );
};
