import {
  MAX_RESERVE_DAYS,
  MAX_SETTLEMENT_DELAY_DAYS,
  MERCHANT_RISK_LEVELS,
  REVIEW_EXPIRY_POLICIES,
  THREE_DS_POLICIES,
  type TMerchantConfigurationUpdate,
} from '@kassa/domain';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { MoneyInput } from '@/components/money-input.tsx';
import { hasUnread, PercentInput, WholeNumberInput } from '@/components/number-input.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import {
  useMccChoices,
  useSaveMerchantConfiguration,
  type MerchantConfiguration,
} from '../api/merchant-configuration.ts';

/** The form holds the reserve as a fraction (PercentInput); the API as a percentage. */
type Values = Omit<
  MerchantConfiguration,
  'merchant' | 'merchant_name' | 'updated_at' | 'updated_by' | 'reserve_percentage'
> & { reserve_fraction: number | null };
const FIELDS = [
  'mcc',
  'statement_descriptor',
  'risk_level',
  'three_ds_policy',
  'max_transaction_amount',
  'settlement_delay_days',
  'reserve_percentage',
  'reserve_days',
  'refunds_enabled',
  'recurring_enabled',
  'payouts_paused',
  'notes',
  'review_sla_hours',
  'review_expiry_policy',
  'review_by_merchant',
];

const toValues = (config: MerchantConfiguration): Values => {
  const { merchant: _m, merchant_name: _n, updated_at: _u, updated_by: _b, reserve_percentage, ...rest } = config;
  return { ...rest, reserve_fraction: reserve_percentage / 100 };
};

/** Every setting the provider keeps for one merchant, saved together. */
export const MerchantConfigurationForm = ({ config }: { config: MerchantConfiguration }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveMerchantConfiguration(config.merchant);
  const mcc = useMccChoices();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const f = (field: string) => t(`fields:merchant_configuration.${field}`);

  const submit = async () => {
    setFailure(null);
    setSaved(false);
    const values = form.getFieldsValue(true) as Values;
    if (
      hasUnread(values, [
        'max_transaction_amount',
        'settlement_delay_days',
        'reserve_fraction',
        'reserve_days',
        'review_sla_hours',
      ])
    )
      return;
    const { reserve_fraction, ...rest } = values;
    const body: TMerchantConfigurationUpdate = {
      ...rest,
      mcc: rest.mcc || null,
      notes: rest.notes || null,
      statement_descriptor: rest.statement_descriptor || null,
      settlement_delay_days: rest.settlement_delay_days ?? 0,
      reserve_days: rest.reserve_days ?? 0,
      reserve_percentage: Math.round((reserve_fraction ?? 0) * 10_000) / 100,
    };
    try {
      const next = await save.mutateAsync(body);
      form.setFieldsValue(toValues(next));
      setSaved(true);
    } catch (error) {
      const general = showServerError(form, t, error, FIELDS);
      const reserve = form.getFieldError('reserve_percentage' as never);
      if (reserve.length) form.setFields([{ name: 'reserve_fraction', errors: reserve }]);
      setFailure(general);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={toValues(config)}
      onFinish={() => void submit()}
      onValuesChange={() => setSaved(false)}
      disabled={save.isPending}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12} xl={8}>
          <Card
            title={
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                {t('merchantConfiguration.sections.business')}
              </Typography.Title>
            }
          >
            <Form.Item name="mcc" label={f('mcc')} extra={t('merchantConfiguration.mccHint')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={mcc.isPending}
                options={(mcc.data ?? []).map((m) => ({ value: m.code, label: `${m.code} ${m.description}` }))}
              />
            </Form.Item>
            <Form.Item
              name="statement_descriptor"
              label={f('statement_descriptor')}
              extra={t('merchantConfiguration.descriptorHint')}
            >
              <Input maxLength={22} autoComplete="off" />
            </Form.Item>
            <Form.Item name="notes" label={f('notes')}>
              <Input.TextArea rows={3} maxLength={4000} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <Card
            title={
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                {t('merchantConfiguration.sections.risk')}
              </Typography.Title>
            }
          >
            <Form.Item name="risk_level" label={f('risk_level')}>
              <Select
                options={MERCHANT_RISK_LEVELS.map((value) => ({
                  value,
                  label: t(`merchantConfiguration.riskLevels.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="three_ds_policy" label={f('three_ds_policy')}>
              <Select
                options={THREE_DS_POLICIES.map((value) => ({
                  value,
                  label: t(`merchantConfiguration.threeDsPolicies.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="max_transaction_amount"
              label={f('max_transaction_amount')}
              extra={t('merchantConfiguration.maxAmountHint')}
            >
              <MoneyInput currency="EUR" />
            </Form.Item>
            <Form.Item name="refunds_enabled" label={f('refunds_enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="recurring_enabled" label={f('recurring_enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <Card
            title={
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                {t('merchantConfiguration.sections.settlement')}
              </Typography.Title>
            }
          >
            <Form.Item
              name="settlement_delay_days"
              label={f('settlement_delay_days')}
              extra={t('merchantConfiguration.delayHint')}
            >
              <WholeNumberInput min={0} max={MAX_SETTLEMENT_DELAY_DAYS} />
            </Form.Item>
            <Form.Item
              name="reserve_fraction"
              label={f('reserve_percentage')}
              extra={t('merchantConfiguration.reserveHint')}
            >
              <PercentInput min={0} />
            </Form.Item>
            <Form.Item name="reserve_days" label={f('reserve_days')}>
              <WholeNumberInput min={0} max={MAX_RESERVE_DAYS} />
            </Form.Item>
            <Form.Item name="payouts_paused" label={f('payouts_paused')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <Card
            title={
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                {t('merchantConfiguration.sections.review')}
              </Typography.Title>
            }
          >
            <Form.Item
              name="review_by_merchant"
              label={f('review_by_merchant')}
              valuePropName="checked"
              extra={t('merchantConfiguration.reviewByMerchantHint')}
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="review_sla_hours"
              label={f('review_sla_hours')}
              extra={t('merchantConfiguration.slaHint')}
              rules={[{ required: true, message: t('merchantConfiguration.reviewSlaHours') }]}
            >
              <WholeNumberInput min={1} max={168} />
            </Form.Item>
            <Form.Item
              name="review_expiry_policy"
              label={f('review_expiry_policy')}
              extra={t('merchantConfiguration.expiryHint')}
            >
              <Select
                options={REVIEW_EXPIRY_POLICIES.map((value) => ({
                  value,
                  label: t(`merchantConfiguration.expiryPolicies.${value}`),
                }))}
              />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      {/* Beside the Save button, where the person who pressed it is looking. */}
      <div style={{ marginTop: 16 }}>
        <ServerErrorAlert message={failure} />
        {saved && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={t('merchantConfiguration.saved')}
            style={{ marginBottom: 16 }}
          />
        )}
      </div>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('merchantConfiguration.save')}
        </Button>
        {config.updated_at && (
          <Typography.Text type="secondary">
            {t('merchantConfiguration.lastSaved', { who: config.updated_by ?? '—' })}{' '}
            <DateTime value={config.updated_at} />
          </Typography.Text>
        )}
      </div>
    </Form>
  );
};
