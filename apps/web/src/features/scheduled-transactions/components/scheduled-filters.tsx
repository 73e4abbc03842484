import { useTranslation } from 'react-i18next';
import { AmountRangeFilter } from '@/components/filters/amount-range-filter.tsx';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';

/** Filters of the scheduled transactions list: status, due date, amount. */
export const ScheduledFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const statuses = useStatusOptions('scheduledTransaction');
  return (
    <>
      <SelectFilter {...props} field="status[]" label={t('fields:scheduled_transaction.status')} options={statuses} />
      <DateRangeFilter {...props} field="due_at" label={t('fields:scheduled_transaction.due_at')} />
      <AmountRangeFilter {...props} />
    </>
  );
};
