import { Alert, Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useStatusUpdate } from '../api/get-status-updates.ts';
import { useReverseStatusUpdate } from '../api/reverse-status-update.ts';
import { populated } from '../api/status-updates.ts';
import { itemHref, itemOf, merchantOf } from '../columns.tsx';

/** portal.md §2.4 detail: id, type, status, amount, reference, merchant and the item; plus the exact reversal. */
export const StatusUpdateDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const query = useStatusUpdate(id);
  const reverse = useReverseStatusUpdate();
  const row = query.data;
  const f = (field: string) => t(`fields:statusupdate.${field}`);
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={query.isPending}
      notFound={query.error instanceof ApiError && query.error.status === 404}
      title={t('admin.statusUpdate')}
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
                        { label: f('created_at'), value: <DateTime value={row.created_at} style="long" /> },
                        { label: f('type'), value: t(`admin.types.${row.type}`) },
                        { label: f('status'), value: <StatusTag vocabulary={row.type} status={row.status} /> },
                        {
                          label: f('previous_status'),
                          value: <StatusTag vocabulary={row.type} status={row.previous_status} />,
                        },
                        {
                          label: f('amount'),
                          value: <Money amount={itemOf(row)?.amount} currency={itemOf(row)?.currency_code} />,
                        },
                        { label: f('merchant_reference'), value: populated(row.transaction)?.merchant_reference },
                        { label: f('merchant'), value: merchantOf(row)?.name },
                        {
                          label: t(`admin.types.${row.type}`),
                          value: <Link to={itemHref(row)}>{itemOf(row)?.id}</Link>,
                        },
                        {
                          label: f('reversed'),
                          value: row.reversed_by ? (
                            <Tag>{t('admin.reversed')}</Tag>
                          ) : row.reverses ? (
                            <Tag color="processing">{t('admin.isReversal')}</Tag>
                          ) : null,
                        },
                      ]}
                    />
                    {reverse.error && (
                      <Alert
                        type="error"
                        showIcon
                        title={
                          reverse.error instanceof ApiError
                            ? reverse.error.message
                            : t('errors.unknown', { defaultValue: reverse.error.message })
                        }
                      />
                    )}
                    {!row.reversed_by && (
                      <Popconfirm
                        title={t('admin.confirmReverse', { status: row.previous_status })}
                        okText={t('admin.reverse')}
                        cancelText={t('merchants.cancel')}
                        onConfirm={() => reverse.mutate(row.id, { onSuccess: onClose })}
                      >
                        <Button loading={reverse.isPending}>{t('admin.reverse')}</Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]
          : []
      }
    />
  );
};
