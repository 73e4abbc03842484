import { KeyOutlined } from '@ant-design/icons';
import {
  WEBHOOK_STATUSES_BY_TYPE,
  WEBHOOK_TYPES,
  WEBHOOK_TYPES_WITH_REQUIRED_STATUS,
  type TWebhookSecret,
  type WebhookType,
} from '@kassa/domain';
import { Alert, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
import { useClearable } from '@/lib/use-clearable.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';
import type { WebhookRow } from '../api/types.ts';
import { statusCodeColour } from './webhook-status.tsx';

export type WebhookTestValues = {
  organisation?: string;
  url: string;
  type: WebhookType;
  status?: string | null;
  item_id?: string;
};

/**
 * The webhook form of portal.md §5: organisation and url required, type (default transaction),
 * status from the type's own list (required for transaction, refund and chargeback, reset when the
 * type changes, disabled for rulesets), optional item id. Sending shows the receiver's answer.
 */
export const WebhookTestForm = ({
  open,
  initial,
  onClose,
  onOpenWebhook,
}: {
  open: boolean;
  initial: Partial<WebhookTestValues>;
  onClose: () => void;
  onOpenWebhook: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const clearable = useClearable();
  const [form] = Form.useForm<WebhookTestValues>();
  const send = useSendTestWebhook();
  const rotate = useRotateWebhookSecret();
  const serverError = useServerError(form);
  const [sent, setSent] = useState<WebhookRow | null>(null);
  const [secret, setSecret] = useState<TWebhookSecret | null>(null);
  const type = (Form.useWatch('type', form) ?? 'transaction') as WebhookType;
  const statusRequired = WEBHOOK_TYPES_WITH_REQUIRED_STATUS.includes(type);
  const statuses = WEBHOOK_STATUSES_BY_TYPE[type] ?? [];

  const onFinish = (values: WebhookTestValues) => {
    setSent(null);
    send.mutate(
      {
        ...values,
        organisation: values.organisation ?? '',
        status: values.status || undefined,
        item_id: values.item_id?.trim() || undefined,
      },
      { onSuccess: setSent, onError: serverError.show },
    );
  };
  const onRotate = async () => {
    const values = await form.validateFields(['organisation', 'url']);
    rotate.mutate(
      { organisation: values.organisation ?? '', url: values.url },
      { onSuccess: setSecret, onError: serverError.show },
    );
  };
  const answer = sent?.history[0];

  return (
    <>
      <FormDrawer
        open={open}
        title={t('webhooks.testTitle')}
        onClose={onClose}
        size={560}
        serverError={serverError.message}
      >
        <Form<WebhookTestValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={send.isPending}
          initialValues={{ type: 'transaction', ...initial }}
          onValuesChange={(changed: Partial<WebhookTestValues>) =>
            changed.type && form.setFieldValue('status', undefined)
          }
        >
          <Form.Item
            label={t('fields:webhook.organisation')}
            name="organisation"
            rules={[{ required: true, message: t('form_validation.required') }]}
          >
            <OrganisationPicker filter={(org) => org.type !== 'provider'} />
          </Form.Item>
          <Form.Item
            label={t('fields:webhook.url')}
            name="url"
            rules={[
              { required: true, message: t('form_validation.required') },
              { type: 'url', message: t('webhooks.invalidUrl') },
            ]}
          >
            <Input autoComplete="off" placeholder={t('webhooks.urlPlaceholder')} maxLength={2000} />
          </Form.Item>
          <Form.Item
            label={t('fields:webhook.type')}
            name="type"
            rules={[{ required: true, message: t('form_validation.required') }]}
          >
            <Select options={WEBHOOK_TYPES.map((value) => ({ value, label: t(`webhooks.types.${value}`) }))} />
          </Form.Item>
          <Form.Item
            label={t('fields:webhook.status')}
            name="status"
            rules={[{ required: statusRequired, message: t('form_validation.required') }]}
          >
            <Select
              allowClear={clearable}
              showSearch
              disabled={type === 'validationruleset'}
              options={statuses.map((value) => ({ value, label: value }))}
            />
          </Form.Item>
          <Form.Item label={t('fields:webhook.item_id')} name="item_id" extra={t('webhooks.itemHint')}>
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              {t('webhooks.send')}
            </Button>
            <Button icon={<KeyOutlined />} onClick={onRotate} loading={rotate.isPending}>
              {t('webhooks.newSecret')}
            </Button>
          </Space>
        </Form>
        {sent && answer && (
          <Alert
            style={{ marginTop: 24 }}
            type={sent.delivered ? 'success' : 'error'}
            showIcon
            role="status"
            title={t(sent.delivered ? 'webhooks.sentOk' : 'webhooks.sentFailed')}
            description={
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space>
                  <Typography.Text>{t('webhooks.receiverAnswer')}</Typography.Text>
                  <Tag color={statusCodeColour(answer.status_code)} data-testid="test-answer-code">
                    {answer.status_code ?? t('webhooks.noStatusCode')}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t('webhooks.duration', { ms: answer.duration_ms })}
                  </Typography.Text>
                </Space>
                {answer.content && (
                  <Typography.Paragraph code style={{ marginBottom: 0 }}>
                    {answer.content}
                  </Typography.Paragraph>
                )}
                <Button type="link" style={{ padding: 0 }} onClick={() => onOpenWebhook(sent.id)}>
                  {t('webhooks.openSent')}
                </Button>
              </Space>
            }
          />
        )}
      </FormDrawer>
      <Modal
        open={secret !== null}
        title={t('webhooks.secretTitle')}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        okText={t('webhooks.secretDone')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert
          type="warning"
          showIcon
          title={t('webhooks.secretShownOnce')}
          description={secret?.previous_until ? t('webhooks.secretOverlap') : undefined}
          style={{ marginBottom: 16 }}
        />
        <Typography.Paragraph>
          <Typography.Text
            code
            copyable={{ text: secret?.secret, tooltips: [t('detail.copy'), t('detail.copied')] }}
            data-testid="webhook-secret"
          >
            {secret?.secret}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </>
  );
};
