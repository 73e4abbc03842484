import { KeyOutlined } from '@ant-design/icons';
import {
  WEBHOOK_STATUSES_BY_TYPE,
  WEBHOOK_TYPES,
  ZWebhookCreate,
  ZWebhookSecretRotate,
  type TWebhookSecret,
  type WebhookType,
} from '@kassa/domain';
import { Alert, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { issueDetails, showDetails, showServerError } from '@/lib/form-errors.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
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
  const send = useSendTestWebhook();
  const rotate = useRotateWebhookSecret();
  const [sent, setSent] = useState<WebhookRow | null>(null);
  const [secret, setSecret] = useState<TWebhookSecret | null>(null);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const entity = useEntityForm({
    schema: ZWebhookCreate,
    toBody: (values: WebhookTestValues) => ({
      ...values,
      organisation: values.organisation ?? '',
      status: values.status || undefined,
      item_id: values.item_id?.trim() || undefined,
    }),
    before: () => {
      setSent(null);
      setRotateError(null);
      return true;
    },
    save: (body) => send.mutateAsync(body),
    onSaved: setSent,
  });
  const { form } = entity;
  const type = (Form.useWatch('type', form) ?? 'transaction') as WebhookType;
  const statuses = WEBHOOK_STATUSES_BY_TYPE[type] ?? [];

  // A new secret needs the organisation and URL only, checked with the rotation's own schema.
  const onRotate = async () => {
    entity.clear();
    setRotateError(null);
    const values = form.getFieldsValue(true) as WebhookTestValues;
    const parsed = ZWebhookSecretRotate.safeParse({ organisation: values.organisation ?? '', url: values.url });
    if (!parsed.success)
      return setRotateError(showDetails(form, t, issueDetails(parsed.error.issues), 'validation_error'));
    try {
      setSecret(await rotate.mutateAsync(parsed.data));
    } catch (error) {
      setRotateError(showServerError(form, t, error));
    }
  };
  const answer = sent?.history[0];

  return (
    <>
      <FormDrawer
        open={open}
        title={t('webhooks.testTitle')}
        onClose={onClose}
        size={560}
        entity={entity}
        serverError={entity.message ?? rotateError}
        submitLabel={t('webhooks.send')}
      >
        <Form<WebhookTestValues>
          {...entity.formProps}
          requiredMark={false}
          disabled={entity.saving}
          initialValues={{ type: 'transaction', ...initial }}
          onValuesChange={(changed: Partial<WebhookTestValues>) => {
            entity.formProps.onValuesChange(changed);
            setRotateError(null);
            if (changed.type) form.setFieldValue('status', undefined);
          }}
        >
          <Form.Item label={t('fields:webhook.organisation')} name="organisation">
            <OrganisationPicker filter={(org) => org.type !== 'provider'} />
          </Form.Item>
          <Form.Item label={t('fields:webhook.url')} name="url">
            <Input autoComplete="off" placeholder={t('webhooks.urlPlaceholder')} maxLength={2000} />
          </Form.Item>
          <Form.Item label={t('fields:webhook.type')} name="type">
            <Select options={WEBHOOK_TYPES.map((value) => ({ value, label: t(`webhooks.types.${value}`) }))} />
          </Form.Item>
          <Form.Item label={t('fields:webhook.status')} name="status">
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
          {/* In the form, not the header: three buttons there leave the title no room (nl). */}
          <Button icon={<KeyOutlined />} onClick={() => void onRotate()} loading={rotate.isPending}>
            {t('webhooks.newSecret')}
          </Button>
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
