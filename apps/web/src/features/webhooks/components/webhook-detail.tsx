import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useWebhook } from '../api/get-webhook.ts';
import { useResendWebhook } from '../api/resend-webhook.ts';
import { populated } from '../api/types.ts';
import { webhookItemPages } from '../item-pages.ts';
import { WebhookHistory } from './webhook-history.tsx';
import { WebhookStatus } from './webhook-status.tsx';

/** The detail titled 'Webhook' (portal.md §2.5), with its history, a refresh and a resend. */
export const WebhookDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const query = useWebhook(id, useOrganisationScope(pathname));
  const resend = useResendWebhook();
  const row = query.data;
  const roles = me?.roles ?? [];
  const canRefresh = hasAccess(roles, [...access.webhook.list, ...access.pspWebhook.list]);
  const canResend = hasAccess(roles, [...access.webhook.create, 'PSP_ALL']);
  const f = (field: string) => t(`fields:webhook.${field}`);
  const itemPage = row && webhookItemPages[row.type];
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={query.isPending}
      notFound={query.error instanceof ApiError && query.error.status === 404}
      title={t('webhooks.detailTitle')}
      tabs={
        row
          ? [
              {
                key: 'details',
                label: t('webhooks.details'),
                children: (
                  <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                    <DetailFields
                      fields={[
                        { label: f('id'), value: <CopyableId value={row.id} /> },
                        { label: f('created_at'), value: <DateTime value={row.created_at} style="long" /> },
                        {
                          label: f('url'),
                          value: (
                            <Typography.Text copyable={{ tooltips: [t('detail.copy'), t('detail.copied')] }}>
                              {row.url}
                            </Typography.Text>
                          ),
                        },
                        { label: f('type'), value: t(`webhooks.types.${row.type}`, { defaultValue: row.type }) },
                        { label: f('event'), value: <Typography.Text code>{row.event}</Typography.Text> },
                        {
                          label: f('item_id'),
                          value:
                            row.item_id &&
                            (itemPage ? (
                              <EntityLink to={itemPage} filter={{ id: row.item_id }} open>
                                {row.item_id}
                              </EntityLink>
                            ) : (
                              row.item_id
                            )),
                        },
                        { label: f('status'), value: <WebhookStatus type={row.type} status={row.status} /> },
                        {
                          label: f('delivered'),
                          value: (
                            <Tag color={row.delivered ? 'success' : row.state === 'failed' ? 'error' : 'processing'}>
                              {t(`webhooks.states.${row.state}`)}
                            </Tag>
                          ),
                        },
                        {
                          label: f('delivered_on'),
                          value: row.delivered_on && <DateTime value={row.delivered_on} style="long" />,
                        },
                        {
                          label: f('next_attempt_at'),
                          value:
                            row.state === 'queued' && row.next_attempt_at ? (
                              <DateTime value={row.next_attempt_at} style="long" />
                            ) : null,
                        },
                        { label: f('manual'), value: t(row.manual ? 'webhooks.yes' : 'webhooks.no') },
                        {
                          label: f('organisation'),
                          value:
                            populated<{ id: string; name: string }>(row.organisation)?.name ??
                            (row.organisation as string),
                        },
                      ]}
                    />
                    <Space wrap>
                      <Typography.Title level={3} style={{ margin: 0 }}>
                        {t('webhooks.history')}
                      </Typography.Title>
                      {canRefresh && (
                        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => query.refetch()}>
                          {t('webhooks.refresh')}
                        </Button>
                      )}
                      {canResend && (
                        <Button
                          icon={<SendOutlined />}
                          loading={resend.isPending}
                          onClick={() => resend.mutate(row.id)}
                        >
                          {t('webhooks.resend')}
                        </Button>
                      )}
                    </Space>
                    {resend.error && (
                      <Alert
                        type="error"
                        showIcon
                        title={t(`errors.${resend.error instanceof ApiError ? resend.error.code : 'unknown'}`, {
                          defaultValue: resend.error.message,
                        })}
                      />
                    )}
                    <WebhookHistory history={row.history} />
                  </Space>
                ),
              },
            ]
          : []
      }
    />
  );
};
