import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  access,
  hasAccess,
  PAYMENT_PRODUCTS,
  ZProcessorCreate,
  ZProcessorUpdate,
  ZProcessorValues,
  type TProcessorCreate,
  type TProcessorValues,
} from '@kassa/domain';
import { Alert, Button, Card, ConfigProvider, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocation } from 'react-router';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
import { merchantContextOf } from '@/lib/org-context.ts';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
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
  const { data: me } = useMe();
  const processor = useProcessor(id);
  const save = useSaveProcessor();
  const saveValues = useSaveProcessorValues();
  const { pathname } = useLocation();
  const valuesOnly = Boolean(id) && merchantContextOf(pathname) !== null;
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

  // What a save sends: in a merchant's context only the changed values of the stored rows (named
  // from the stored rows: the locked fields are not the form's to send); else the form's own fields
  // (it also holds the loaded row, whose other fields the schema refuses).
  const toBody = (values: Values) => {
    if (valuesOnly)
      return {
        details: values.details.flatMap(({ value }, index) =>
          value && row?.details[index] ? [{ name: row.details[index].name, value }] : [],
        ),
      };
    const { name, description, provider, gateway, user, active, payment_product, processor_settlement_type } = values;
    const own = {
      name,
      description,
      provider,
      gateway,
      user,
      active,
      ...(kind === 'processor' ? { payment_product } : { processor_settlement_type }),
      details: values.details.map((detail) => ({
        name: detail.name,
        description: detail.description ?? '',
        ...(detail.value ? { value: detail.value } : {}),
      })),
    };
    return id ? own : { ...own, type: kind, organisation: me?.organisation.id };
  };
  const entity = useEntityForm({
    schema: (valuesOnly ? ZProcessorValues : id ? ZProcessorUpdate : ZProcessorCreate) as z.ZodType,
    toBody,
    before: () => {
      setShowErrors(true);
      if (needsApproval && !note.trim()) return false;
      // No value typed in a merchant's context: nothing to save.
      if (valuesOnly && (toBody(entity.form.getFieldsValue(true) as Values).details ?? []).length === 0) {
        onClose();
        return false;
      }
      return true;
    },
    // The body as built is sent: the server parses it as the schema just did.
    save: (_, values) => {
      const note_ = needsApproval ? note : undefined;
      return valuesOnly && id
        ? saveValues.mutateAsync({ id, body: toBody(values) as TProcessorValues, note: note_ })
        : save.mutateAsync({ id, body: toBody(values) as TProcessorCreate, note: note_ });
    },
    // Under four eyes nothing changed yet: the form says so and stays open.
    onSaved: (answer) => (isWaitingForApproval(answer) ? setWaiting(answer.change_request) : onClose()),
  });
  const { form } = entity;
  const saving = entity.saving;

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

  const title = row?.name ?? t(kind === 'processor' ? 'processors.createProcessor' : 'processors.createSettlement');

  return (
    <FormDrawer
      title={title}
      onClose={onClose}
      loading={Boolean(id) && processor.isPending}
      size={640}
      entity={canEdit ? entity : undefined}
      submitLabel={t(needsApproval ? 'changes.submit' : 'processors.save')}
      submitDisabled={Boolean(waiting)}
    >
      <Form<Values>
        {...entity.formProps}
        requiredMark={false}
        disabled={!canEdit || saving || Boolean(waiting)}
        initialValues={{ gateway: 'direct', active: true, details: [{ name: '', description: '', value: '' }] }}
      >
        {valuesOnly && <Alert type="info" showIcon title={t('processors.valuesOnly')} style={{ marginBottom: 16 }} />}
        <ConfigProvider componentDisabled={valuesOnly || !canEdit || saving}>
          <Form.Item label={t('fields:processor.name')} name="name">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.description')} name="description">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.provider')} name="provider">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.gateway')} name="gateway">
            <Input autoComplete="off" />
          </Form.Item>
          {kind === 'processor' ? (
            <Form.Item
              label={t('fields:processor.payment_product')}
              name="payment_product"
              // The update schema knows no type, so it cannot ask for the type's own field: the form does.
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
              // As the payment product: the update schema knows no type.
              rules={[required]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item label={t('fields:processor.user')} name="user">
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('fields:processor.active')} name="active" valuePropName="checked">
            <Switch disabled={valuesOnly} />
          </Form.Item>
        </ConfigProvider>
        <Form.List name="details">
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
                    <Form.Item label={t('fields:processor.detail_name')} name={[field.name, 'name']}>
                      <Input autoComplete="off" disabled={valuesOnly} />
                    </Form.Item>
                    <Form.Item label={t('fields:processor.detail_description')} name={[field.name, 'description']}>
                      <Input autoComplete="off" disabled={valuesOnly} />
                    </Form.Item>
                    <Form.Item
                      label={t('fields:processor.detail_value')}
                      name={[field.name, 'value']}
                      extra={hint ? t('processors.keepValue', { hint }) : undefined}
                      // A new row needs its value; a stored one keeps its value when left empty.
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
      </Form>
    </FormDrawer>
  );
};
