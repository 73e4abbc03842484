import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CARD_BRANDS,
  PAYMENT_PRODUCTS,
  PRICING_REGIONS,
  ZPricingSchemeCreate,
  ZPricingSchemeUpdate,
  type PricingSchemeType,
} from '@kassa/domain';
import { Alert, Button, Card, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input.tsx';
import { hasUnread, WholeNumberInput } from '@/components/number-input.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useFinanceDetail, useSaveFinanceObject, type FinancePath } from '../api/finance-objects.ts';
import type { PricingSchemeRow } from '../api/types.ts';
import { BasisPointsInput, DayInput, showSchemaIssues } from './finance-inputs.tsx';

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
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const scheme = useFinanceDetail<PricingSchemeRow>(path, id);
  const save = useSaveFinanceObject<PricingSchemeRow>(path);
  const currency = Form.useWatch('currency_code', form) ?? 'EUR';
  const f = (field: string) => t(`fields:pricing_scheme.${field}`);

  useEffect(() => {
    if (scheme.data) form.setFieldsValue(scheme.data);
  }, [form, scheme.data]);

  const submit = async () => {
    setFailure(null);
    const values = form.getFieldsValue(true) as Values;
    const rules = values.rules ?? [];
    if (
      hasUnread(values, ['reserve_bp', 'reserve_days']) ||
      rules.some((rule) => hasUnread(rule, ['fixed', 'percentage_bp', 'minimum', 'maximum']))
    )
      return;
    const body = {
      ...values,
      rules: rules.map((rule) => ({
        ...rule,
        fixed: rule.fixed ?? 0,
        percentage_bp: rule.percentage_bp ?? 0,
        minimum: rule.minimum ?? 0,
      })),
    };
    const parsed = (id ? ZPricingSchemeUpdate : ZPricingSchemeCreate).safeParse(body);
    if (!parsed.success) return showSchemaIssues(form, t, parsed.error.issues);
    if (type === 'reserve' && (body.reserve_bp ?? null) === null)
      return form.setFields([{ name: 'reserve_bp', errors: [t('finance.validation.reserveNeeded')] }]);
    try {
      await save.mutateAsync({ id, body });
      onClose();
    } catch (error) {
      setFailure(showServerError(form, t, error, FIELDS));
    }
  };

  return (
    <Drawer
      open
      size={760}
      title={id ? (scheme.data?.name ?? t('finance.pricing.edit')) : t('finance.pricing.create')}
      onClose={onClose}
      closable={{ 'aria-label': t('detail.close') }}
      loading={Boolean(id) && scheme.isPending}
      extra={
        canEdit && (
          <Space>
            <Button onClick={onClose}>{t('finance.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('finance.save')}
            </Button>
          </Space>
        )
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={{ currency_code: 'EUR', active: true, visible: true, rules: [] }}
        onValuesChange={() => setFailure(null)}
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
            <Form.Item name="reserve_bp" label={f('reserve_bp')} required extra={t('finance.pricing.reserveHint')}>
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
    </Drawer>
  );
};
