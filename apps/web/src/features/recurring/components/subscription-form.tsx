import { SUBSCRIPTION_PAYMENT_PRODUCTS, ZSubscriptionCreate, type TSubscriptionCreate } from '@kassa/domain';
import { Alert, Button, DatePicker, Drawer, Form, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { hasUnread, WholeNumberInput } from '@/components/number-input.tsx';
import { datePattern } from '@/lib/format.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useCustomerSearch } from '../api/get-choices.ts';
import { useAllDiscounts } from '../api/get-discounts.ts';
import { useAllPlans } from '../api/get-plans.ts';
import { useCreateSubscription } from '../api/save-subscription.ts';
import { customerName, idOf } from '../api/types.ts';
import { applicableDiscounts } from './discount-rules.ts';
import { clearErrors, showApiError, showIssues } from './form-errors.ts';
import { useClearable } from '@/lib/use-clearable.ts';

const FIELDS = [
  'customer',
  'plan',
  'payment_product',
  'max_billing_cycle',
  'start_date',
  'subscription_discount',
] as const;
type Values = Omit<TSubscriptionCreate, 'start_date'> & { start_date?: Dayjs | null };

/** Create a subscription: customer and plan required, card or PayPal, optionally a discount (payments.md §5). */
export const SubscriptionForm = ({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) => {
  const clearable = useClearable();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const format = useFormat();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const customers = useCustomerSearch(useDeferredValue(search), scope);
  const plans = useAllPlans(scope);
  const discounts = useAllDiscounts(scope);
  const create = useCreateSubscription();
  const planId = Form.useWatch('plan', form);
  const plan = plans.data?.find((p) => p.id === planId);
  const f = (field: string) => t(`fields:subscription.${field}`);
  const choices = plan ? applicableDiscounts(discounts.data ?? [], { amount: plan.amount, billing_cycle: 1 }) : [];

  const submit = async () => {
    setFailure(null);
    clearErrors(form, FIELDS);
    const { start_date, ...values } = form.getFieldsValue(true) as Values;
    if (hasUnread(values, ['max_billing_cycle'])) return;
    const parsed = ZSubscriptionCreate.safeParse({
      ...values,
      start_date: start_date ? start_date.toISOString() : null,
    });
    if (!parsed.success) return showIssues(form, t, parsed.error.issues);
    try {
      const created = await create.mutateAsync(parsed.data);
      onCreated(created.id);
    } catch (error) {
      setFailure(showApiError(form, t, error, FIELDS));
    }
  };

  return (
    <Drawer
      open
      size={520}
      title={t('recurring.subscriptions.create')}
      onClose={onClose}
      closable={{ 'aria-label': t('detail.close') }}
      extra={
        <Space>
          <Button onClick={onClose}>{t('recurring.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => void submit()}>
            {t('recurring.save')}
          </Button>
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ payment_product: 'card' }}
        onValuesChange={(changed: Partial<Values>) => {
          setFailure(null);
          clearErrors(form, Object.keys(changed));
          // Another plan may rule the chosen discount out.
          if ('plan' in changed) form.setFieldValue('subscription_discount', null);
        }}
      >
        <Form.Item name="customer" label={f('customer')} required>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={customers.isFetching}
            placeholder={t('recurring.subscriptions.customerSearch')}
            options={(customers.data ?? []).map((c) => ({
              value: c.id,
              label: `${customerName(c)}${c.email_address ? ` · ${c.email_address}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="plan" label={f('plan')} required>
          <Select
            loading={plans.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(plans.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.name} · ${format.money(p.amount, typeof p.payment_profile === 'object' ? p.payment_profile.currency_code : null)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="payment_product" label={f('payment_product')} required>
          <Radio.Group
            options={SUBSCRIPTION_PAYMENT_PRODUCTS.map((value) => ({ value, label: t(`paymentProducts.${value}`) }))}
          />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item
            name="max_billing_cycle"
            label={f('max_billing_cycle')}
            extra={
              plan?.max_billing_cycle
                ? t('recurring.subscriptions.planMaximum', { count: plan.max_billing_cycle })
                : t('recurring.emptyIsUnlimited')
            }
          >
            <WholeNumberInput />
          </Form.Item>
          <Form.Item name="start_date" label={f('start_date')} extra={t('recurring.subscriptions.startHint')}>
            <DatePicker showTime format={`${datePattern(format.language)} HH:mm`} />
          </Form.Item>
        </Space>
        <Form.Item
          name="subscription_discount"
          label={f('subscription_discount')}
          extra={plan ? undefined : t('recurring.subscriptions.choosePlanFirst')}
        >
          <Select
            allowClear={clearable}
            disabled={!plan}
            options={choices.map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        {plan && idOf(plan.payment_profile) && (
          <Alert
            type="info"
            showIcon
            title={t('recurring.subscriptions.chargedThrough', {
              name: typeof plan.payment_profile === 'object' ? plan.payment_profile.name : '',
            })}
          />
        )}
      </Form>
    </Drawer>
  );
};
