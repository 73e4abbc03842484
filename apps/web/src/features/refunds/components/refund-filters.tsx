import { useTranslation } from 'react-i18next';
import { AmountRangeFilter } from '@/components/filters/amount-range-filter.tsx';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { TextFilter } from '@/components/filters/text-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';

/** Filters of the refunds list: period, status, amount, transaction. */
export const RefundFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const statuses = useStatusOptions('refund');
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <SelectFilter {...props} field="status[]" label={t('fields:refund.status')} options={statuses} />
      <AmountRangeFilter {...props} />
      <TextFilter {...props} field="transaction" label={t('fields:refund.transaction')} />
    </>
  );
};
