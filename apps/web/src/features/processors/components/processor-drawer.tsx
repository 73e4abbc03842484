import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { access, hasAccess, PAYMENT_PRODUCTS, type TProcessorCreate } from '@kassa/domain';
import { Alert, Button, Card, ConfigProvider, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
import { merchantContextOf } from '@/lib/org-context.ts';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
import { useMe } from '@/lib/session.ts';
import { useProcessor, useSaveProcessor, useSaveProcessorValues, type ProcessorKind } from '../api/processors.ts';

type Detail = { name: string; description?: string | null; value?: string; value_hint?: string | null };
type Values = {
  name: string;
  description: string;
  provider: string;
  gateway: string;
  user: string;
  payment_product?: string | null;
  processor_settlement_type?: string | null;
  active: boolean;
  details: Detail[];
};

/**
 * The processor or processor-settlement form (risk-config.md §3, §5): details with name,
 * description and value; a stored value is never shown, only its hint, and stays when left empty.
 * In a merchant's context (§6) only the values of the existing detail rows can be changed.
 */
export const ProcessorDrawer = ({
  id,
  kind,
  onClose,
}: {
  id: string | null;
  kind: ProcessorKind;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: me } = useMe();
  const processor = useProcessor(id);
  const save = useSaveProcessor();
  const saveValues = useSaveProcessorValues();
  const { pathname } = useLocation();
  const valuesOnly = Boolean(id) && merchantContextOf(pathname) !== null;
  const saving = save.isPending || saveValues.isPending;
  const serverError = useServerError(form);
  const row = processor.data;
  const canEdit = hasAccess(
    me?.roles ?? [],
    kind === 'processor' ? access.pspProcessor.edit : access.processorSettlement.edit,
  );
  const required = { required: true, whitespace: true, message: t('form_validation.required') };
  // The form always sends the credentials (details, login): under the policy of the processor's
  // organisation (the provider's) every save waits for a second person (issue 35).
  const needsApproval = useNeedsApproval('processor', row?.organisation ?? me?.organisation.id);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  const saved = (answer: unknown) => (isWaitingForApproval(answer) ? setWaiting(answer.change_request) : onClose());

  useEffect(() => {
    form.resetFields();
    if (row)
      form.setFieldsValue({
        ...row,
        description: row.description ?? '',
        user: row.user ?? '',
        details: row.details.map((d) => ({ ...d, value: '' })),
      });
  }, [form, row]);

  const onFinish = (values: Values) => {
    setShowErrors(true);
    if (needsApproval && !note.trim()) return;
    const asked = needsApproval ? note : undefined;
    if (valuesOnly && id) {
      // Names from the stored rows (the locked fields are not the form's to send).
      const changed = values.details.flatMap(({ value }, index) =>
        value && row?.details[index] ? [{ name: row.details[index].name, value }] : [],
      );
      if (changed.length === 0) return onClose();
      saveValues.mutate(
        { id, body: { details: changed }, note: asked },
        { onSuccess: saved, onError: serverError.show },
      );
      return;
    }
    const details = values.details.map(({ name, description, value }) => ({
      name,
      description: description ?? '',
      ...(value ? { value } : {}),
    }));
    const body = id ? { ...values, details } : { ...values, details, type: kind, organisation: me?.organisation.id };
    save.mutate({ id, body: body as TProcessorCreate, note: asked }, { onSuccess: saved, onError: serverError.show });
  };
  const title = row?.name ?? t(kind === 'processor' ? 'processors.createProcessor' : 'processors.createSettlement');

  return (
    <FormDrawer
      title={title}
      onClose={onClose}
      loading={Boolean(id) && processor.isPending}
      size={640}
      serverError={serverError.message}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={!canEdit || saving || Boolean(waiting)}
        initialValues={{ gateway: 'direct', active: true, details: [{ name: '', description: '', value: '' }] }}
      >
        {valuesOnly && <Alert type="info" showIcon title={t('processors.valuesOnly')} style={{ marginBottom: 16 }} />}
        <ConfigProvider componentDisabled={valuesOnly || !canEdit || saving}>
          <Form.Item label={t('fields:processor.name')} name="name" rules={[required]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.description')} name="description" rules={[required]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.provider')} name="provider" rules={[required]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.gateway')} name="gateway">
            <Input autoComplete="off" />
          </Form.Item>
          {kind === 'processor' ? (
            <Form.Item
              label={t('fields:processor.payment_product')}
              name="payment_product"
              rules={[{ required: true, message: t('form_validation.required') }]}
            >
              <Select
                disabled={valuesOnly}
                options={PAYMENT_PRODUCTS.map((p) => ({ value: p, label: t(`paymentProducts.${p}`) }))}
              />
            </Form.Item>
          ) : (
            <Form.Item
              label={t('fields:processor.processor_settlement_type')}
              name="processor_settlement_type"
              rules={[required]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item label={t('fields:processor.user')} name="user" rules={[required]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.active')} name="active" valuePropName="checked">
            <Switch disabled={valuesOnly} />
          </Form.Item>
        </ConfigProvider>
        <Form.List
          name="details"
          rules={[
            {
              validator: async (_, list: Detail[]) => {
                if (!list?.length) throw new Error(t('processors.detailRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((field, index) => {
                const hint = form.getFieldValue(['details', field.name, 'value_hint']) as string | null | undefined;
                return (
                  <Card
                    key={field.key}
                    size="small"
                    title={t('processors.detail', { number: index + 1 })}
                    extra={
                      fields.length > 1 &&
                      !valuesOnly && (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('processors.removeDetail', { number: index + 1 })}
                          onClick={() => remove(field.name)}
                        />
                      )
                    }
                  >
                    <Form.Item label={t('fields:processor.detail_name')} name={[field.name, 'name']} rules={[required]}>
                      <Input autoComplete="off" disabled={valuesOnly} />
                    </Form.Item>
                    <Form.Item label={t('fields:processor.detail_description')} name={[field.name, 'description']}>
                      <Input autoComplete="off" disabled={valuesOnly} />
                    </Form.Item>
                    <Form.Item
                      label={t('fields:processor.detail_value')}
                      name={[field.name, 'value']}
                      extra={hint ? t('processors.keepValue', { hint }) : undefined}
                      rules={hint ? [] : [required]}
                    >
                      <Input.Password autoComplete="new-password" placeholder={hint ?? undefined} />
                    </Form.Item>
                  </Card>
                );
              })}
              {!valuesOnly && (
                <Button icon={<PlusOutlined />} onClick={() => add({ name: '', description: '', value: '' })}>
                  {t('processors.addDetail')}
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </Space>
          )}
        </Form.List>
        {canEdit && (
          <div style={{ marginTop: 16 }}>
            <ChangeNote needed={needsApproval} note={note} onNote={setNote} showErrors={showErrors} waiting={waiting} />
          </div>
        )}
        {canEdit && (
          <Button
            type="primary"
            htmlType="submit"
            loading={saving}
            disabled={Boolean(waiting)}
            style={{ marginTop: 16 }}
          >
            {t(needsApproval ? 'changes.submit' : 'processors.save')}
          </Button>
        )}
      </Form>
    </FormDrawer>
  );
};
