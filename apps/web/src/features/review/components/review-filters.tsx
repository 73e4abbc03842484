import { useTranslation } from 'react-i18next';
import { AmountRangeFilter } from '@/components/filters/amount-range-filter.tsx';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';

/** Filters of the review queue: period, status, amount. */
export const ReviewFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <SelectFilter
        {...props}
        field="status[]"
        label={t('fields:review.status')}
        options={useStatusOptions('review')}
      />
      <AmountRangeFilter {...props} />
    </>
  );
};
