import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { SHARE_MAX_FIELDS, ZShareRequestCreate, type TShareRequestCreate } from '@kassa/domain';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useCreateShareRequest, useProcessorChoices } from '../api/share-requests.ts';

type Values = Omit<TShareRequestCreate, 'organisation'>;

/** The provider asks the merchant of the current context for named credentials. */
export const ShareRequestForm = ({ organisation, onClose }: { organisation: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const processors = useProcessorChoices();
  const create = useCreateShareRequest();
  // A credential's own refusal (`body.fields.1.name`) lands on that row's field.
  const entity = useEntityForm({
    schema: ZShareRequestCreate,
    toBody: (values: Values) => ({ ...values, processor: values.processor ?? null, organisation }),
    save: (body) => create.mutateAsync(body),
    onSaved: onClose,
  });
  const f = (field: string) => t(`fields:share_request.${field}`);
  return (
    <FormDrawer
      onClose={onClose}
      title={t('shareCredentials.create')}
      size={560}
      entity={entity}
      submitLabel={t('shareCredentials.send')}
    >
      <Form<Values> {...entity.formProps} initialValues={{ fields: [{ name: '', description: '' }] }}>
        <Form.Item label={f('provider')} name="provider" required extra={t('shareCredentials.providerHint')}>
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
                    required
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
      </Form>
    </FormDrawer>
  );
};
