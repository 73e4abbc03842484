import { access, DISCOUNT_TYPES, hasAccess, PLAN_INTERVALS, SUBSCRIPTION_PAYMENT_PRODUCTS } from '@kassa/domain';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AmountRangeFilter } from '@/components/filters/amount-range-filter.tsx';
import { WholeNumberInput } from '@/components/number-input.tsx';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { TextFilter } from '@/components/filters/text-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { usePaymentProfiles } from '../api/get-choices.ts';
import { useAllPlans } from '../api/get-plans.ts';

/** Plans list filters (payments.md §2): amount range, interval, id. */
export const PlanFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  return (
    <>
      <AmountRangeFilter {...props} />
      <SelectFilter
        {...props}
        field="interval[]"
        label={t('fields:plan.interval')}
        options={PLAN_INTERVALS.map((value) => ({ value, label: t(`recurring.intervals.${value}`) }))}
        width={180}
      />
      <TextFilter {...props} field="id" label={t('fields:plan.id')} />
    </>
  );
};

/** Discounts list filters: type and id (the spec names none; see docs/decisions.md). */
export const DiscountFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  return (
    <>
      <SelectFilter
        {...props}
        field="type[]"
        label={t('fields:subscription_discount.type')}
        options={DISCOUNT_TYPES.map((value) => ({ value, label: t(`recurring.discountTypes.${value}`) }))}
      />
      <TextFilter {...props} field="id" label={t('fields:subscription_discount.id')} />
    </>
  );
};

const CycleRange = ({ state, onChange }: FilterProps) => {
  const { t } = useTranslation();
  const read = (key: string) =>
    typeof state.filters[key] === 'string' && /^\d+$/.test(state.filters[key]) ? Number(state.filters[key]) : null;
  const write = (key: string) => (value: number | null) =>
    onChange({ [key]: value === null ? undefined : String(value) });
  const label = t('fields:subscription.max_billing_cycle');
  return (
    <Space.Compact>
      <WholeNumberInput
        aria-label={`${label} ${t('list.minimum')}`}
        placeholder={`${label} ≥`}
        errorAs="tooltip"
        value={read('max_billing_cycle>')}
        onSettle={write('max_billing_cycle>')}
        width={150}
      />
      <WholeNumberInput
        aria-label={`${label} ${t('list.maximum')}`}
        placeholder="≤"
        errorAs="tooltip"
        value={read('max_billing_cycle<')}
        onSettle={write('max_billing_cycle<')}
        width={80}
      />
    </Space.Compact>
  );
};

/** Subscriptions list filters (payments.md §2): max cycles, due date, payment product, plan, status, payment profile. */
export const SubscriptionFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const plans = useAllPlans(scope);
  const { data: me } = useMe();
  // A read-only analyst may not read payment profiles: no filter it cannot fill.
  const canReadProfiles = hasAccess(me?.roles ?? [], access.paymentProfile.list);
  const profiles = usePaymentProfiles(scope, canReadProfiles);
  const statuses = useStatusOptions('subscription');
  return (
    <>
      <SelectFilter {...props} field="status[]" label={t('fields:subscription.status')} options={statuses} />
      <DateRangeFilter {...props} field="due_date" label={t('fields:subscription.due_date')} />
      <SelectFilter
        {...props}
        field="plan[]"
        label={t('fields:subscription.plan')}
        options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <SelectFilter
        {...props}
        field="payment_product[]"
        label={t('fields:subscription.payment_product')}
        options={SUBSCRIPTION_PAYMENT_PRODUCTS.map((value) => ({ value, label: t(`paymentProducts.${value}`) }))}
        width={160}
      />
      {canReadProfiles && (
        <SelectFilter
          {...props}
          field="payment_profile[]"
          label={t('fields:subscription.payment_profile')}
          options={(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
      <CycleRange {...props} />
    </>
  );
};
