import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { SHARE_MAX_FIELDS, type TShareRequestCreate } from '@kassa/domain';
import { Button, Drawer, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { showServerError, translateDetail } from '@/lib/form-errors.ts';
import { useCreateShareRequest, useProcessorChoices } from '../api/share-requests.ts';

type Values = Omit<TShareRequestCreate, 'organisation'>;
const FIELDS = ['provider', 'processor', 'message', 'fields'] as const;

/** The provider asks the merchant of the current context for named credentials. */
export const ShareRequestForm = ({ organisation, onClose }: { organisation: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const processors = useProcessorChoices();
  const create = useCreateShareRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const f = (field: string) => t(`fields:share_request.${field}`);
  const onFinish = async (values: Values) => {
    setFailure(null);
    try {
      await create.mutateAsync({ ...values, processor: values.processor ?? null, organisation });
      onClose();
    } catch (error) {
      // A credential's own error (`body.fields.1.name`) goes on that row's field; the list is indexed by number.
      const rows = error instanceof ApiError ? error.details.filter((d) => /^body\.fields\.\d+\./.test(d.path)) : [];
      if (rows.length && error instanceof ApiError && rows.length === error.details.length) {
        form.setFields(
          rows.map((d) => {
            const [, , index, key] = d.path.split('.');
            return {
              name: ['fields', Number(index), key === 'description' ? 'description' : 'name'] as [
                'fields',
                number,
                'name' | 'description',
              ],
              errors: [translateDetail(t, d)],
            };
          }),
        );
        return;
      }
      setFailure(showServerError(form, t, error, FIELDS));
    }
  };
  const required = [{ required: true, whitespace: true, message: t('form_validation.required') }];
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('shareCredentials.create')}
      size={560}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
    >
      <ServerErrorAlert message={failure} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={create.isPending}
        initialValues={{ fields: [{ name: '', description: '' }] }}
      >
        <Form.Item label={f('provider')} name="provider" rules={required} extra={t('shareCredentials.providerHint')}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item label={f('processor')} name="processor" extra={t('shareCredentials.processorHint')}>
          <Select
            allowClear
            loading={processors.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(processors.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item label={f('message')} name="message">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.List name="fields">
          {(items, { add, remove }) => (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontSize: 14, marginBottom: 8 }}>{f('fields')}</legend>
              {items.map((item, index) => (
                <Space key={item.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[item.name, 'name']}
                    label={t('shareCredentials.fieldName', { number: index + 1 })}
                    rules={required}
                  >
                    <Input autoComplete="off" maxLength={100} />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'description']}
                    label={t('shareCredentials.fieldDescription', { number: index + 1 })}
                  >
                    <Input autoComplete="off" maxLength={300} />
                  </Form.Item>
                  <Button
                    type="text"
                    aria-label={t('shareCredentials.removeField', { number: index + 1 })}
                    icon={<MinusCircleOutlined />}
                    disabled={items.length === 1}
                    onClick={() => remove(item.name)}
                    style={{ marginTop: 30 }}
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={items.length >= SHARE_MAX_FIELDS}
                onClick={() => add({ name: '', description: '' })}
                style={{ marginBottom: 16 }}
              >
                {t('shareCredentials.addField')}
              </Button>
            </fieldset>
          )}
        </Form.List>
        <div>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('shareCredentials.send')}
          </Button>
        </div>
      </Form>
    </Drawer>
  );
};
