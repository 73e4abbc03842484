import type { DiscountType, PlanInterval } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** "Every 3 months" in the user's language. */
export const IntervalText = ({ interval, count }: { interval: PlanInterval; count: number }) => {
  const { t } = useTranslation();
  return <>{t(`recurring.interval.${interval}`, { count })}</>;
};

/** A discount's amount: money for fixed cents, the fraction with 2 decimals (and percent) for percentage (payments.md §9). */
export const DiscountAmount = ({
  type,
  amount,
  currency,
}: {
  type: DiscountType;
  amount: number;
  currency?: string | null;
}) => {
  const format = useFormat();
  if (type === 'fixed_cents') return <Money amount={amount} currency={currency} />;
  return (
    <span
      style={{ whiteSpace: 'nowrap' }}
    >{`${format.number(amount, 2)} (${format.number(Math.round(amount * 10_000) / 100)}%)`}</span>
  );
};

/** A number of cycles, or "unlimited" when empty. */
export const Cycles = ({ value }: { value: number | null | undefined }) => {
  const { t } = useTranslation();
  return (
    <>{value === null || value === undefined ? t('recurring.unlimited') : t('recurring.cycles', { count: value })}</>
  );
};
