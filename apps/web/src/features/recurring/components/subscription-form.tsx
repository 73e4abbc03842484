import { SUBSCRIPTION_PAYMENT_PRODUCTS, ZSubscriptionCreate, type TSubscriptionCreate } from '@kassa/domain';
import { Alert, DatePicker, Form, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { WholeNumberInput } from '@/components/number-input.tsx';
import { datePattern } from '@/lib/format.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useCustomerSearch } from '../api/get-choices.ts';
import { useAllDiscounts } from '../api/get-discounts.ts';
import { useAllPlans } from '../api/get-plans.ts';
import { useCreateSubscription } from '../api/save-subscription.ts';
import { customerName, idOf } from '../api/types.ts';
import { applicableDiscounts } from './discount-rules.ts';
import { useClearable } from '@/lib/use-clearable.ts';

type Values = Omit<TSubscriptionCreate, 'start_date'> & { start_date?: Dayjs | null };

/** Create a subscription: customer and plan required, card or PayPal, optionally a discount (payments.md §5). */
export const SubscriptionForm = ({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) => {
  const clearable = useClearable();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const format = useFormat();
  const [search, setSearch] = useState('');
  const customers = useCustomerSearch(useDeferredValue(search), scope);
  const plans = useAllPlans(scope);
  const discounts = useAllDiscounts(scope);
  const create = useCreateSubscription();
  const entity = useEntityForm({
    schema: ZSubscriptionCreate,
    toBody: ({ start_date, ...values }: Values) => ({
      ...values,
      start_date: start_date ? start_date.toISOString() : null,
    }),
    save: (body) => create.mutateAsync(body),
    onSaved: (created) => onCreated(created.id),
  });
  const { form } = entity;
  const planId = Form.useWatch('plan', form);
  const plan = plans.data?.find((p) => p.id === planId);
  const f = (field: string) => t(`fields:subscription.${field}`);
  const choices = plan ? applicableDiscounts(discounts.data ?? [], { amount: plan.amount, billing_cycle: 1 }) : [];

  return (
    <FormDrawer title={t('recurring.subscriptions.create')} onClose={onClose} entity={entity}>
      <Form
        {...entity.formProps}
        initialValues={{ payment_product: 'card' }}
        onValuesChange={(changed: Partial<Values>) => {
          entity.formProps.onValuesChange(changed);
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
    </FormDrawer>
  );
};
