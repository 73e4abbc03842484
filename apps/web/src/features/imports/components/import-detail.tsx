import { Alert, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useImport } from '../api/imports.ts';
import { ImportStatus } from './import-status.tsx';

/** One import: its progress, counts, and every rejected row with its line and reason. */
export const ImportDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const query = useImport(id);
  const row = query.data;
  return (
    <DetailPanel
      title={row?.file_name ?? ''}
      open
      loading={query.isPending}
      notFound={query.error instanceof ApiError && query.error.status === 404}
      onClose={onClose}
      tabs={[
        {
          key: 'report',
          label: t('imports.report'),
          children: row && (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              {row.error && <Alert type="error" showIcon title={row.error} />}
              <DetailFields
                fields={[
                  { label: t('imports.statusLabel'), value: <ImportStatus row={row} /> },
                  { label: t('imports.kind'), value: t(`imports.kinds.${row.kind}`) },
                  {
                    label: t('imports.merchant'),
                    value: typeof row.organisation === 'object' ? row.organisation.name : row.organisation,
                  },
                  { label: t('imports.totalRows'), value: row.total_rows },
                  { label: t('imports.importedRows'), value: row.imported_rows },
                  { label: t('imports.rejectedRows'), value: row.rejected_rows },
                  { label: t('imports.createdAt'), value: <DateTime value={row.created_at} /> },
                  { label: t('imports.finishedAt'), value: <DateTime value={row.finished_at} /> },
                ]}
              />
              {row.report.length > 0 && (
                <Table
                  size="small"
                  rowKey="line"
                  pagination={{ pageSize: 50, hideOnSinglePage: true }}
                  dataSource={row.report}
                  columns={[
                    { key: 'line', dataIndex: 'line', title: t('imports.line'), width: 80 },
                    { key: 'reason', dataIndex: 'reason', title: t('imports.reason') },
                  ]}
                />
              )}
            </Space>
          ),
        },
      ]}
    />
  );
};
