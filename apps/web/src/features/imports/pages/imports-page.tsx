import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { useMe } from '@/lib/session.ts';
import { importsCountQueryOptions, importsQueryOptions, type ImportRow } from '../api/imports.ts';
import { ImportDetail } from '../components/import-detail.tsx';
import { ImportForm } from '../components/import-form.tsx';
import { ImportStatus } from '../components/import-status.tsx';

const params: ListParamsDef = {
  filters: {
    status: param.oneOf(['queued', 'running', 'done', 'failed']),
    kind: param.oneOf(['customers', 'transactions']),
  },
  sortable: ['created_at', 'status'],
  defaultSort: '-created_at',
  searchBy: ['file_name', 'id'],
};

const columns = (t: TFunction): ListColumn<ImportRow>[] => [
  {
    key: 'created_at',
    title: t('imports.createdAt'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'file_name',
    title: t('imports.file'),
    exportFields: ['file_name'],
    render: (row) => <Typography.Text strong>{row.file_name}</Typography.Text>,
  },
  { key: 'kind', title: t('imports.kind'), exportFields: ['kind'], render: (row) => t(`imports.kinds.${row.kind}`) },
  {
    key: 'organisation',
    title: t('imports.merchant'),
    render: (row) => (typeof row.organisation === 'object' ? row.organisation.name : row.organisation),
  },
  {
    key: 'status',
    title: t('imports.statusLabel'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <ImportStatus row={row} />,
  },
  {
    key: 'imported_rows',
    title: t('imports.importedRows'),
    align: 'right',
    exportFields: ['imported_rows'],
    render: (row) => row.imported_rows,
  },
  {
    key: 'rejected_rows',
    title: t('imports.rejectedRows'),
    align: 'right',
    exportFields: ['rejected_rows'],
    render: (row) => row.rejected_rows,
  },
  { key: 'created_by', title: t('imports.createdBy'), defaultHidden: true, render: (row) => row.created_by },
];

/** psp/imports: CSV imports for migrating a merchant, with progress and a report per import. */
export const ImportsPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t), [t]);
  return (
    <>
      <ListScreen<ImportRow>
        listId="imports"
        title={t('imports.title')}
        params={params}
        columns={cols}
        listQuery={importsQueryOptions}
        countQuery={importsCountQueryOptions}
        searchByLabel={(field) => t(field === 'id' ? 'imports.id' : 'imports.file')}
        renderDetail={(id, close) => <ImportDetail id={id} onClose={close} />}
        actions={
          hasAccess(me?.roles ?? [], access.pspImport.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('imports.create')}
            </Button>
          )
        }
      />
      {creating && (
        <ImportForm
          onClose={() => setCreating(false)}
          onStarted={(id) => {
            setCreating(false);
            setSearch((current) => {
              current.set('open', id);
              return current;
            });
          }}
        />
      )}
    </>
  );
};
