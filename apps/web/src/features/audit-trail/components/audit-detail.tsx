import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useAuditItem, useTransactionAuditItems } from '../api/get-audit-trail.ts';
import { nameOf, populated, type AuditMessage, type AuditRow } from '../api/types.ts';
import { BodyViewer, formatFor } from './body-viewer.tsx';
import { ResponseCode } from './response-code.tsx';

const Message = ({ message, row }: { message: AuditMessage | null; row: AuditRow }) => {
  const { t } = useTranslation();
  const headers = message?.headers ?? [];
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <DetailFields
        fields={[
          {
            label: t('auditTrail.fields.url'),
            value: row.url && <Typography.Text code>{`${row.method ?? ''} ${row.url}`}</Typography.Text>,
          },
        ]}
      />
      <Table
        size="small"
        pagination={false}
        rowKey="name"
        dataSource={headers}
        columns={[
          { key: 'name', title: t('auditTrail.header'), dataIndex: 'name' },
          { key: 'value', title: t('auditTrail.value'), dataIndex: 'value' },
        ]}
      />
      <BodyViewer body={message?.body} initial={formatFor(contentType, row.url)} />
    </div>
  );
};

/** Who and what an item concerns: the request it is part of (the tree), its payment profile and user. */
const Overview = ({ row }: { row: AuditRow }) => {
  const { t } = useTranslation();
  return (
    <DetailFields
      fields={[
        {
          label: t('auditTrail.fields.parent'),
          value: row.parent && <a href={`?open=${encodeURIComponent(row.parent)}`}>{t('auditTrail.openParent')}</a>,
        },
        {
          label: t('auditTrail.fields.payment_profile'),
          value: nameOf(row.payment_profile),
        },
        { label: t('auditTrail.fields.user_name'), value: nameOf(row.user) ?? row.user_name },
      ]}
    />
  );
};

/** The detail of an audit item (§2.7): tabs Request, Response and Transaction. */
export const AuditDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const scope = useOrganisationScope(useLocation().pathname);
  const item = useAuditItem(id, scope);
  const row = item.data;
  const transaction = row ? (populated(row.transaction)?.id ?? (row.transaction as string | null)) : null;
  const related = useTransactionAuditItems(transaction, scope);
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={item.isPending}
      notFound={item.isError}
      title={row ? `${row.type}` : t('auditTrail.title')}
      tabs={
        row
          ? [
              {
                key: 'request',
                label: t('auditTrail.tabs.request'),
                children: (
                  <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
                    <Overview row={row} />
                    <Message message={row.request} row={row} />
                  </div>
                ),
              },
              {
                key: 'response',
                label: t('auditTrail.tabs.response'),
                children: (
                  <>
                    <ResponseCode code={row.response_code} />
                    <Message message={row.response} row={row} />
                  </>
                ),
              },
              {
                key: 'transaction',
                label: t('auditTrail.tabs.transaction'),
                children: transaction ? (
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    loading={related.isPending}
                    dataSource={related.data ?? []}
                    columns={[
                      {
                        key: 'created_at',
                        title: t('auditTrail.fields.created_at'),
                        render: (_, r: AuditRow) => <DateTime value={r.created_at} />,
                      },
                      {
                        key: 'type',
                        title: t('auditTrail.fields.type'),
                        render: (_, r: AuditRow) => <a href={`?open=${encodeURIComponent(r.id)}`}>{r.type}</a>,
                      },
                      {
                        key: 'code',
                        title: t('auditTrail.fields.response_code'),
                        render: (_, r: AuditRow) => <ResponseCode code={r.response_code} />,
                      },
                    ]}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('auditTrail.noTransaction')}</Typography.Text>
                ),
              },
            ]
          : []
      }
    />
  );
};
