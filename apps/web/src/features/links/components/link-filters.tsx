import { useTranslation } from 'react-i18next';
import { AmountRangeFilter } from '@/components/filters/amount-range-filter.tsx';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { TextFilter } from '@/components/filters/text-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';
import { vocabularyOf, type LinkKind } from '../api/types.ts';

/** Filters of the links lists: period, status, active, amount (payment links), reference. */
export const LinkFilters = ({ kind, ...props }: FilterProps & { kind: LinkKind }) => {
  const { t } = useTranslation();
  const statuses = useStatusOptions(vocabularyOf(kind));
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <SelectFilter {...props} field="status[]" label={t('fields:link.status')} options={statuses} />
      <SelectFilter
        {...props}
        field="active"
        single
        label={t('fields:link.active')}
        width={150}
        options={[
          { value: 'true', label: t('links.activeYes') },
          { value: 'false', label: t('links.activeNo') },
        ]}
      />
      {kind === 'payment-link' && <AmountRangeFilter {...props} />}
      <TextFilter {...props} field="merchant_reference" label={t('fields:link.merchant_reference')} />
    </>
  );
};
