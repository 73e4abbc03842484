import {
  ZSubscriptionDiscountCreate,
  ZSubscriptionDiscountUpdate,
  type TSubscriptionDiscountCreate,
} from '@kassa/domain';
import { Alert, Button, Drawer, Form, Input, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MoneyInput } from '@/components/money-input.tsx';
import { hasUnread, PercentInput, WholeNumberInput } from '@/components/number-input.tsx';
import { organisationFor } from '@/lib/org-context.ts';
import { useSaveDiscount } from '../api/save-discount.ts';
import type { DiscountRow } from '../api/types.ts';
import { clearErrors, showApiError, showIssues } from './form-errors.ts';

const FIELDS = ['name', 'type', 'amount', 'duration', 'minimum_amount', 'limit_to_first_order'] as const;
type Values = Omit<TSubscriptionDiscountCreate, 'organisation'>;

/** Create or edit a subscription discount (payments.md §5): fixed cents by default, or a percentage typed as such and sent as a fraction of at most 1. */
export const DiscountForm = ({ discount, onClose }: { discount?: DiscountRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveDiscount();
  const type = Form.useWatch('type', form) ?? discount?.type ?? 'fixed_cents';
  const f = (field: string) => t(`fields:subscription_discount.${field}`);

  const submit = async () => {
    setFailure(null);
    clearErrors(form, FIELDS);
    const values = form.getFieldsValue(true) as Values;
    // A number field whose text cannot be read already says why; nothing is sent.
    if (hasUnread(values, ['amount', 'duration', 'minimum_amount'])) return;
    const organisation = discount ? undefined : (organisationFor(pathname) ?? undefined);
    const parsed = ZSubscriptionDiscountCreate.safeParse({ ...values, organisation });
    if (!parsed.success) return showIssues(form, t, parsed.error.issues);
    try {
      await save.mutateAsync({
        id: discount?.id,
        body: discount ? ZSubscriptionDiscountUpdate.parse(values) : parsed.data,
      });
      onClose();
    } catch (error) {
      setFailure(showApiError(form, t, error, FIELDS));
    }
  };

  return (
    <Drawer
      open
      size={480}
      title={discount ? t('recurring.discounts.edit') : t('recurring.discounts.create')}
      onClose={onClose}
      closable={{ 'aria-label': t('detail.close') }}
      extra={
        <Space>
          <Button onClick={onClose}>{t('recurring.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('recurring.save')}
          </Button>
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={discount ?? { type: 'fixed_cents', limit_to_first_order: false }}
        onValuesChange={(changed: Partial<Values>) => {
          setFailure(null);
          clearErrors(form, Object.keys(changed));
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
    </Drawer>
  );
};
