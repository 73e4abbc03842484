import { Alert, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { Money } from '@/components/money.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { fileQueryOptions, useFileExceptions } from '../api/reconciliation.ts';
import { ExceptionState } from '../columns.tsx';

/**
 * A settlement file: its lines, matched and exceptions, and the money: what Kassa expected the
 * acquirer to pay in against what the payout line says it paid, the difference €0.00 or explained
 * by the file's exceptions.
 */
export const FileDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const query = useQuery(fileQueryOptions(id, 'psp'));
  const exceptions = useFileExceptions(id);
  const row = query.data;
  const f = (field: string) => t(`fields:settlementfile.${field}`);
  const explained = (exceptions.data ?? []).reduce((sum, e) => sum + e.amount_difference, 0);
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={query.isPending}
      notFound={query.error instanceof ApiError && query.error.status === 404}
      title={row?.file_name ?? t('reconciliation.file')}
      tabs={
        row
          ? [
              {
                key: 'details',
                label: t('admin.details'),
                children: (
                  <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                    <DetailFields
                      fields={[
                        { label: f('id'), value: <CopyableId value={row.id} /> },
                        { label: f('settlement_date'), value: row.settlement_date },
                        { label: f('batch_number'), value: row.batch_number ?? '—' },
                        {
                          label: f('format'),
                          value: t(`reconciliation.formats.${row.format}`, { defaultValue: row.format }),
                        },
                        { label: f('source'), value: t(`reconciliation.sources.${row.source}`) },
                        { label: f('created_at'), value: <DateTime value={row.created_at} style="long" /> },
                        { label: f('line_count'), value: row.line_count },
                        { label: f('matched_count'), value: row.matched_count },
                        { label: f('exception_count'), value: row.exception_count },
                        {
                          label: f('settled_at'),
                          value: row.settled_at ? (
                            <DateTime value={row.settled_at} style="long" />
                          ) : (
                            t('reconciliation.settling')
                          ),
                        },
                        {
                          label: f('expected_net'),
                          value: <Money amount={row.expected_net} currency={row.currency_code} />,
                        },
                        { label: f('paid_in'), value: <Money amount={row.paid_in} currency={row.currency_code} /> },
                        {
                          label: f('difference'),
                          value: <Money amount={row.difference} currency={row.currency_code} />,
                        },
                      ]}
                    />
                    {row.difference === 0 ? (
                      <Alert type="success" showIcon title={t('reconciliation.noDifference')} />
                    ) : row.difference !== null ? (
                      <Alert
                        type="warning"
                        showIcon
                        title={t('reconciliation.differenceExplained', { count: exceptions.data?.length ?? 0 })}
                      />
                    ) : null}
                    <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                      {t('reconciliation.fileExceptions')}
                    </Typography.Title>
                    <Table
                      size="small"
                      rowKey="id"
                      loading={exceptions.isPending}
                      pagination={false}
                      dataSource={exceptions.data ?? []}
                      locale={{ emptyText: t('reconciliation.noExceptions') }}
                      columns={[
                        {
                          key: 'line',
                          title: t('fields:reconciliationexception.line_no'),
                          render: (_, e) => e.line_no,
                        },
                        {
                          key: 'kind',
                          title: t('fields:reconciliationexception.kind'),
                          render: (_, e) => t(`reconciliation.kinds.${e.kind}`),
                        },
                        {
                          key: 'state',
                          title: t('fields:reconciliationexception.state'),
                          render: (_, e) => <ExceptionState state={e.state} t={t} />,
                        },
                        {
                          key: 'difference',
                          align: 'right',
                          title: t('fields:reconciliationexception.amount_difference'),
                          render: (_, e) => <Money amount={e.amount_difference} currency={e.currency_code} />,
                        },
                      ]}
                      summary={() =>
                        exceptions.data?.length ? (
                          <Table.Summary.Row>
                            <Table.Summary.Cell index={0} colSpan={3}>
                              {t('reconciliation.total')}
                            </Table.Summary.Cell>
                            <Table.Summary.Cell index={1} align="right">
                              <Money amount={explained} currency={row.currency_code} />
                            </Table.Summary.Cell>
                          </Table.Summary.Row>
                        ) : null
                      }
                    />
                    <Link
                      to={`/psp/reconciliation/exceptions?settlement_file=${encodeURIComponent(row.id)}&state[]=open&state[]=investigating&state[]=write_off_requested&state[]=resolved&state[]=written_off`}
                    >
                      {t('reconciliation.openInQueue')}
                    </Link>
                  </Space>
                ),
              },
            ]
          : []
      }
    />
  );
};
