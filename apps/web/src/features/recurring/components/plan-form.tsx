import {
  PLAN_INTERVALS,
  PLAN_MAX_AMOUNT,
  PLAN_MAX_INTERVAL_COUNT,
  ZPlanCreate,
  ZPlanUpdate,
  type TPlanCreate,
} from '@kassa/domain';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { MoneyInput } from '@/components/money-input.tsx';
import { WholeNumberInput } from '@/components/number-input.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';
import { organisationFor, useOrganisationScope } from '@/lib/org-context.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useCheckoutDesignChoices, usePaymentProfiles } from '../api/get-choices.ts';
import { useSavePlan } from '../api/save-plan.ts';
import { idOf, type PlanRow } from '../api/types.ts';

type Values = Omit<TPlanCreate, 'organisation'>;
const URL_HINT = 'https://';

const initialValues = (plan?: PlanRow): Record<string, unknown> =>
  plan
    ? { ...plan, payment_profile: idOf(plan.payment_profile) ?? '', checkout: idOf(plan.checkout) ?? '' }
    : {
        interval: 'month',
        interval_count: 1,
        statuses_subscription_update: [],
        description: '',
        dynamic_descriptor: '',
        checkout: '',
      };

/** Create or edit a plan with every rule of payments.md §5 "Plan", checked here and again by the server. */
export const PlanForm = ({ plan, onClose }: { plan?: PlanRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const save = useSavePlan();
  const organisation = plan ? undefined : (organisationFor(pathname) ?? undefined);
  const entity = useEntityForm({
    // The whole form is checked as a new plan would be; an edit then sends the fields as an update.
    schema: ZPlanCreate,
    toBody: (values: Values) => ({ ...values, organisation }),
    save: (body, values) => save.mutateAsync({ id: plan?.id, body: plan ? ZPlanUpdate.parse(values) : body }),
    onSaved: onClose,
  });
  const { form } = entity;
  const profiles = usePaymentProfiles(scope);
  const designs = useCheckoutDesignChoices(scope);
  const statuses = useStatusOptions('subscription');
  const f = (field: string) => t(`fields:plan.${field}`);
  const profileId = Form.useWatch('payment_profile', form);
  const currency = profiles.data?.find((p) => p.id === profileId)?.currency_code;

  return (
    <FormDrawer
      size={560}
      title={plan ? t('recurring.plans.edit') : t('recurring.plans.create')}
      onClose={onClose}
      entity={entity}
    >
      <Form {...entity.formProps} initialValues={initialValues(plan)}>
        <Form.Item name="name" label={f('name')} required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label={f('description')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="dynamic_descriptor"
          label={f('dynamic_descriptor')}
          extra={t('recurring.plans.descriptorHint')}
        >
          <Input maxLength={22} />
        </Form.Item>
        <Form.Item name="payment_profile" label={f('payment_profile')} required>
          <Select
            loading={profiles.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(profiles.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.currency_code})` }))}
          />
        </Form.Item>
        <Form.Item
          name="checkout"
          label={f('checkout')}
          extra={t('recurring.plans.checkoutHint')}
          normalize={(value?: string) => value ?? ''}
        >
          <Select
            allowClear
            loading={designs.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('recurring.plans.defaultCheckout')}
            options={[
              { value: '', label: t('recurring.plans.defaultCheckout') },
              ...(designs.data ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label={f('amount')} required>
          <MoneyInput currency={currency} max={PLAN_MAX_AMOUNT} />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="interval" label={f('interval')} required>
            <Select
              style={{ width: 160 }}
              options={PLAN_INTERVALS.map((value) => ({ value, label: t(`recurring.intervals.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="interval_count" label={f('interval_count')} required>
            <WholeNumberInput max={PLAN_MAX_INTERVAL_COUNT} />
          </Form.Item>
          <Form.Item name="max_billing_cycle" label={f('max_billing_cycle')} extra={t('recurring.emptyIsUnlimited')}>
            <WholeNumberInput />
          </Form.Item>
        </Space>
        <Form.Item
          name="statuses_subscription_update"
          label={f('statuses_subscription_update')}
          extra={t('recurring.plans.statusesHint')}
        >
          <Select mode="multiple" options={statuses} />
        </Form.Item>
        <Form.Item name="webhook_subscription_update" label={f('webhook_subscription_update')}>
          <Input placeholder={URL_HINT} />
        </Form.Item>
        <Form.Item name="email_subscription_update" label={f('email_subscription_update')}>
          <Input type="email" />
        </Form.Item>
        <Form.Item name="redirect_url" label={f('redirect_url')}>
          <Input placeholder={URL_HINT} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
