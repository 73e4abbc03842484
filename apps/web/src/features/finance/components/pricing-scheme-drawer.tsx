import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CARD_BRANDS,
  PAYMENT_PRODUCTS,
  PRICING_REGIONS,
  ZPricingSchemeCreate,
  ZPricingSchemeUpdate,
  type PricingSchemeType,
} from '@kassa/domain';
import { Button, Card, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MoneyInput } from '@/components/money-input.tsx';
import { hasUnread, WholeNumberInput } from '@/components/number-input.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useFinanceDetail, useSaveFinanceObject, type FinancePath } from '../api/finance-objects.ts';
import type { PricingSchemeRow } from '../api/types.ts';
import { BasisPointsInput, DayInput } from './finance-inputs.tsx';

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF'];
const FIELDS = [
  'name',
  'description',
  'currency_code',
  'active',
  'visible',
  'valid_from',
  'valid_to',
  'reserve_bp',
  'reserve_days',
  'rules',
] as const;
type Values = Omit<PricingSchemeRow, 'id' | 'created_at' | 'type'>;

/**
 * The body of a save: the form's own fields only (it holds the loaded row, whose id and dates the
 * strict schema refuses); a fee left empty is no fee (0); the maximum stays open.
 */
const toBody = (values: Values) => ({
  ...Object.fromEntries(FIELDS.map((field) => [field, values[field]])),
  rules: (values.rules ?? []).map((rule) => ({
    payment_product: rule.payment_product,
    card_brand: rule.card_brand,
    region: rule.region,
    currency_code: rule.currency_code,
    fixed: rule.fixed ?? 0,
    percentage_bp: rule.percentage_bp ?? 0,
    minimum: rule.minimum ?? 0,
    maximum: rule.maximum,
  })),
});

/** Create or edit a pricing scheme of one type: dates, defaults and fee rules (fixed + percentage, minimum, maximum). */
export const PricingSchemeDrawer = ({
  type,
  id,
  onClose,
  canEdit,
}: {
  type: PricingSchemeType;
  id: string | null;
  onClose: () => void;
  canEdit: boolean;
}) => {
  const { t } = useTranslation();
  const path = `pricing/${type}` as FinancePath;
  const scheme = useFinanceDetail<PricingSchemeRow>(path, id);
  const save = useSaveFinanceObject<PricingSchemeRow>(path);
  const entity = useEntityForm({
    schema: (id ? ZPricingSchemeUpdate : ZPricingSchemeCreate) as z.ZodType,
    toBody,
    // A fee field whose text cannot be read already says why; nothing is checked or sent.
    before: () => {
      const rules = (entity.form.getFieldValue('rules') ?? []) as Values['rules'];
      return !rules.some((rule) => hasUnread(rule, ['fixed', 'percentage_bp', 'minimum', 'maximum']));
    },
    // The form's values are sent as they are: the server parses them as the schema just did.
    save: (_, values: Values) => save.mutateAsync({ id, body: toBody(values) }),
    onSaved: onClose,
    fields: FIELDS,
  });
  const { form } = entity;
  const currency = Form.useWatch('currency_code', form) ?? 'EUR';
  const f = (field: string) => t(`fields:pricing_scheme.${field}`);

  useEffect(() => {
    if (scheme.data) form.setFieldsValue(scheme.data);
  }, [form, scheme.data]);

  return (
    <FormDrawer
      size={760}
      title={id ? (scheme.data?.name ?? t('finance.pricing.edit')) : t('finance.pricing.create')}
      onClose={onClose}
      loading={Boolean(id) && scheme.isPending}
      entity={canEdit ? entity : undefined}
      submitLabel={t('finance.save')}
    >
      <Form<Values>
        {...entity.formProps}
        disabled={!canEdit}
        initialValues={{ currency_code: 'EUR', active: true, visible: true, rules: [] }}
      >
        <Form.Item name="name" label={f('name')} required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label={f('description')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="currency_code" label={f('currency_code')}>
            <Select style={{ width: 120 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="valid_from" label={f('valid_from')}>
            <DayInput />
          </Form.Item>
          <Form.Item name="valid_to" label={f('valid_to')}>
            <DayInput />
          </Form.Item>
          <Form.Item name="active" label={f('active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="visible" label={f('visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        {type === 'reserve' && (
          <Space wrap size="large">
            <Form.Item
              name="reserve_bp"
              label={f('reserve_bp')}
              extra={t('finance.pricing.reserveHint')}
              // Only a reserve scheme needs it: the schema, shared by every type, leaves it optional.
              rules={[{ required: true, message: t('finance.validation.reserveNeeded') }]}
            >
              <BasisPointsInput />
            </Form.Item>
            <Form.Item name="reserve_days" label={f('reserve_days')}>
              <WholeNumberInput min={0} max={730} />
            </Form.Item>
          </Space>
        )}
        <Form.List name="rules">
          {(rows, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              <strong>{f('rules')}</strong>
              <span>{t('finance.pricing.rulesHint')}</span>
              {rows.map(({ key, name }) => (
                <Card
                  key={key}
                  size="small"
                  title={t('finance.pricing.rule', { n: name + 1 })}
                  extra={
                    canEdit && (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('finance.pricing.removeRule', { n: name + 1 })}
                        onClick={() => remove(name)}
                      />
                    )
                  }
                >
                  <Space wrap>
                    <Form.Item name={[name, 'payment_product']} label={f('payment_product')}>
                      <Select
                        allowClear
                        placeholder={t('finance.pricing.any')}
                        style={{ width: 150 }}
                        options={PAYMENT_PRODUCTS.map((p) => ({
                          value: p,
                          label: t(`paymentProducts.${p}`, { defaultValue: p }),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={[name, 'card_brand']} label={f('card_brand')}>
                      <Select
                        allowClear
                        placeholder={t('finance.pricing.any')}
                        style={{ width: 150 }}
                        options={CARD_BRANDS.map((b) => ({ value: b, label: b }))}
                      />
                    </Form.Item>
                    <Form.Item name={[name, 'region']} label={f('region')}>
                      <Select
                        allowClear
                        placeholder={t('finance.pricing.any')}
                        style={{ width: 150 }}
                        options={PRICING_REGIONS.map((r) => ({ value: r, label: t(`finance.regions.${r}`) }))}
                      />
                    </Form.Item>
                  </Space>
                  <Space wrap>
                    <Form.Item name={[name, 'fixed']} label={f('fixed')}>
                      <MoneyInput currency={currency} min={0} />
                    </Form.Item>
                    <Form.Item name={[name, 'percentage_bp']} label={f('percentage_bp')}>
                      <BasisPointsInput />
                    </Form.Item>
                    <Form.Item name={[name, 'minimum']} label={f('minimum')}>
                      <MoneyInput currency={currency} min={0} />
                    </Form.Item>
                    <Form.Item name={[name, 'maximum']} label={f('maximum')}>
                      <MoneyInput currency={currency} min={0} />
                    </Form.Item>
                  </Space>
                </Card>
              ))}
              {canEdit && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({
                      payment_product: null,
                      card_brand: null,
                      region: null,
                      currency_code: null,
                      fixed: 0,
                      percentage_bp: 0,
                      minimum: 0,
                      maximum: null,
                    })
                  }
                >
                  {t('finance.pricing.addRule')}
                </Button>
              )}
            </Space>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
};
