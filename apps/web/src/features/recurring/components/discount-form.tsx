import {
  ZSubscriptionDiscountCreate,
  ZSubscriptionDiscountUpdate,
  type TSubscriptionDiscountCreate,
} from '@kassa/domain';
import { Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { MoneyInput } from '@/components/money-input.tsx';
import { PercentInput, WholeNumberInput } from '@/components/number-input.tsx';
import { organisationFor } from '@/lib/org-context.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useSaveDiscount } from '../api/save-discount.ts';
import type { DiscountRow } from '../api/types.ts';

type Values = Omit<TSubscriptionDiscountCreate, 'organisation'>;

/** Create or edit a subscription discount (payments.md §5): fixed cents by default, or a percentage typed as such and sent as a fraction of at most 1. */
export const DiscountForm = ({ discount, onClose }: { discount?: DiscountRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const save = useSaveDiscount();
  const organisation = discount ? undefined : (organisationFor(pathname) ?? undefined);
  const entity = useEntityForm({
    schema: ZSubscriptionDiscountCreate,
    toBody: (values: Values) => ({ ...values, organisation }),
    save: (body, values) =>
      save.mutateAsync({ id: discount?.id, body: discount ? ZSubscriptionDiscountUpdate.parse(values) : body }),
    onSaved: onClose,
  });
  const { form } = entity;
  const type = Form.useWatch('type', form) ?? discount?.type ?? 'fixed_cents';
  const f = (field: string) => t(`fields:subscription_discount.${field}`);

  return (
    <FormDrawer
      size={480}
      title={discount ? t('recurring.discounts.edit') : t('recurring.discounts.create')}
      onClose={onClose}
      entity={entity}
    >
      <Form
        {...entity.formProps}
        initialValues={discount ?? { type: 'fixed_cents', limit_to_first_order: false }}
        onValuesChange={(changed: Partial<Values>) => {
          entity.formProps.onValuesChange(changed);
          // Cents and a fraction mean different things: switching the type clears the amount.
          if ('type' in changed) form.setFieldValue('amount', null);
        }}
      >
        <Form.Item name="name" label={f('name')} required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="type" label={f('type')} required>
          <Radio.Group
            options={[
              { value: 'fixed_cents', label: t('recurring.discountTypes.fixed_cents') },
              { value: 'percentage', label: t('recurring.discountTypes.percentage') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={f('amount')}
          required
          extra={type === 'percentage' ? t('recurring.discounts.percentHint') : undefined}
        >
          {type === 'percentage' ? <PercentInput /> : <MoneyInput />}
        </Form.Item>
        <Form.Item name="duration" label={f('duration')} extra={t('recurring.discounts.durationHint')}>
          <WholeNumberInput />
        </Form.Item>
        <Form.Item name="minimum_amount" label={f('minimum_amount')} extra={t('recurring.discounts.minimumHint')}>
          <MoneyInput min={0} />
        </Form.Item>
        <Form.Item name="limit_to_first_order" label={f('limit_to_first_order')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
