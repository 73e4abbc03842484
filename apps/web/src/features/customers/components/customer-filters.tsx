import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { TextFilter } from '@/components/filters/text-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';
import { CUSTOMER_SEGMENTS } from '../api/types.ts';

/** payments.md §2 "Customers list" filters: status, date range, segment, id. */
export const CustomerFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const statuses = useStatusOptions('customer');
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <SelectFilter {...props} field="status[]" label={t('fields:customer.status')} options={statuses} />
      <SelectFilter
        {...props}
        field="segment"
        single
        label={t('fields:customer.segment')}
        options={CUSTOMER_SEGMENTS.map((segment) => ({ value: segment, label: t(`customers.segments.${segment}`) }))}
        width={180}
      />
      <TextFilter {...props} field="id" label={t('fields:customer.id')} />
    </>
  );
};
