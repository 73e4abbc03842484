import { access, hasAccess } from '@kassa/domain';
import { Alert, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';
import { useApiKey } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { organisationName } from '../api/types.ts';

/** One key: what it may do, when it was last used, and Revoke (asked first; it stops working at once). */
export const ApiKeyDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const key = useApiKey(id);
  const revoke = useRevokeApiKey();
  const row = key.data;
  const canRevoke = hasAccess(me?.roles ?? [], [...access.apiKey.revoke, ...access.merchantApiKey.revoke]);
  return (
    <DetailPanel
      title={row?.name ?? ''}
      open
      loading={key.isPending}
      notFound={key.error instanceof ApiError && key.error.status === 404}
      onClose={onClose}
      tabs={[
        {
          key: 'details',
          label: t('apiKeys.details'),
          children: row && (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              {revoke.error && (
                <Alert
                  type="error"
                  showIcon
                  title={t(`errors.${revoke.error instanceof ApiError ? revoke.error.code : 'unknown'}`, {
                    defaultValue: revoke.error.message,
                  })}
                />
              )}
              {canRevoke && row.active && (
                <Popconfirm
                  title={t('apiKeys.confirmRevoke')}
                  onConfirm={() => revoke.mutate(row.id)}
                  okText={t('apiKeys.revoke')}
                  cancelText={t('profile.cancel')}
                >
                  <Button danger loading={revoke.isPending}>
                    {t('apiKeys.revoke')}
                  </Button>
                </Popconfirm>
              )}
              <DetailFields
                fields={[
                  {
                    label: t('fields:apikey.prefix'),
                    value: <Typography.Text code>{`${row.prefix}_…`}</Typography.Text>,
                  },
                  {
                    label: t('fields:apikey.active'),
                    value: (
                      <Tag color={row.active ? 'success' : 'default'}>
                        {t(row.active ? 'apiKeys.active' : 'apiKeys.revoked')}
                      </Tag>
                    ),
                  },
                  { label: t('fields:apikey.organisation'), value: organisationName(row) },
                  { label: t('fields:apikey.roles'), value: row.roles.map((role) => <Tag key={role}>{role}</Tag>) },
                  {
                    label: t('fields:apikey.last_used_at'),
                    value: row.last_used_at ? <DateTime value={row.last_used_at as string} /> : t('apiKeys.neverUsed'),
                  },
                  { label: t('fields:apikey.created_at'), value: <DateTime value={row.created_at as string} /> },
                  { label: t('fields:apikey.created_by'), value: row.created_by },
                  {
                    label: t('fields:apikey.revoked_at'),
                    value: row.revoked_at ? <DateTime value={row.revoked_at as string} /> : null,
                  },
                  { label: t('fields:apikey.revoked_by'), value: row.revoked_by },
                ]}
              />
            </Space>
          ),
        },
      ]}
    />
  );
};
