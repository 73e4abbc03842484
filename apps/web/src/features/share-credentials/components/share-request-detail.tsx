import { access, hasAccess } from '@kassa/domain';
import { Alert, Button, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { showServerError } from '@/lib/form-errors.ts';
import { useMe } from '@/lib/session.ts';
import {
  nameOf,
  useAnswerShareRequest,
  useEndShareRequest,
  useShareRequest,
  type ShareRequestRow,
} from '../api/share-requests.ts';
import { ShareStatus } from './share-status.tsx';

/** The merchant's answer: one password field per requested credential; what is typed is sent once and never shown again. */
const AnswerForm = ({ row }: { row: ShareRequestRow }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ values: Record<string, string> }>();
  const answer = useAnswerShareRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const onFinish = async ({ values }: { values: Record<string, string> }) => {
    setFailure(null);
    try {
      await answer.mutateAsync({ id: row.id, body: { values } });
    } catch (error) {
      setFailure(showServerError(form, t, error, ['values']));
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void onFinish(v)}
      disabled={answer.isPending}
    >
      <ServerErrorAlert message={failure} />
      <Alert type="info" showIcon title={t('shareCredentials.answerHint')} style={{ marginBottom: 16 }} />
      {row.fields.map((field) => (
        <Form.Item
          key={field.name}
          name={['values', field.name]}
          label={field.name}
          extra={field.description}
          rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
        >
          <Input.Password autoComplete="off" visibilityToggle={{}} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={answer.isPending}>
        {t('shareCredentials.share')}
      </Button>
    </Form>
  );
};

/** One request: what is asked and by whom, its state, and the actions of the side that is looking. */
export const ShareRequestDetail = ({
  id,
  onClose,
  side,
}: {
  id: string;
  onClose: () => void;
  side: 'merchant' | 'provider';
}) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const request = useShareRequest(id);
  const end = useEndShareRequest();
  const row = request.data;
  const roles = me?.roles ?? [];
  const canAnswer = side === 'merchant' && hasAccess(roles, access.share.update);
  const canCancel = side === 'provider' && hasAccess(roles, access.pspShare.create);
  const endError =
    end.error instanceof ApiError ? t(`errors.${end.error.code}`, { defaultValue: end.error.message }) : null;
  return (
    <DetailPanel
      title={row ? t('shareCredentials.detailTitle', { provider: row.provider }) : ''}
      open
      loading={request.isPending}
      notFound={request.error instanceof ApiError && request.error.status === 404}
      onClose={onClose}
      tabs={[
        {
          key: 'details',
          label: t('shareCredentials.details'),
          children: row && (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              {endError && <Alert type="error" showIcon title={endError} />}
              <DetailFields
                fields={[
                  { label: t('fields:share_request.status'), value: <ShareStatus status={row.status} /> },
                  { label: t('fields:share_request.provider'), value: row.provider },
                  { label: t('fields:share_request.organisation'), value: nameOf(row.organisation) },
                  { label: t('fields:share_request.processor'), value: nameOf(row.processor) ?? '—' },
                  {
                    label: t('fields:share_request.message'),
                    value: row.message ? (
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                        {row.message}
                      </Typography.Paragraph>
                    ) : (
                      '—'
                    ),
                  },
                  {
                    label: t('fields:share_request.fields'),
                    value: row.fields.map((field) => (
                      <Tag
                        key={field.name}
                        color={field.shared ? 'success' : 'default'}
                      >{`${field.name}: ${t(field.shared ? 'shareCredentials.fieldShared' : 'shareCredentials.fieldOpen')}`}</Tag>
                    )),
                  },
                  { label: t('fields:share_request.requested_by'), value: row.requested_by },
                  { label: t('fields:share_request.created_at'), value: <DateTime value={row.created_at} /> },
                  { label: t('fields:share_request.shared_by'), value: row.shared_by },
                  { label: t('fields:share_request.shared_at'), value: <DateTime value={row.shared_at} /> },
                  { label: t('fields:share_request.revoked_at'), value: <DateTime value={row.revoked_at} /> },
                ]}
              />
              {canAnswer && row.status === 'requested' && <AnswerForm row={row} />}
              {canAnswer && row.status === 'shared' && (
                <Popconfirm
                  title={t('shareCredentials.confirmRevoke')}
                  onConfirm={() => end.mutate({ id: row.id, action: 'revoke' })}
                  okText={t('shareCredentials.revoke')}
                  cancelText={t('profile.cancel')}
                >
                  <Button danger loading={end.isPending}>
                    {t('shareCredentials.revoke')}
                  </Button>
                </Popconfirm>
              )}
              {canCancel && row.status === 'requested' && (
                <Popconfirm
                  title={t('shareCredentials.confirmCancel')}
                  onConfirm={() => end.mutate({ id: row.id, action: 'cancel' })}
                  okText={t('shareCredentials.cancelRequest')}
                  cancelText={t('profile.cancel')}
                >
                  <Button danger loading={end.isPending}>
                    {t('shareCredentials.cancelRequest')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
};
