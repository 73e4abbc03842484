import { CHARGEBACK_REASON_CODES } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { AmountRangeFilter } from '@/components/filters/amount-range-filter.tsx';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';
import { reasonText } from '@/components/chargeback-reason.tsx';

/** Filters of the chargebacks list: period, status, reason code, amount. */
export const ChargebackFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const statuses = useStatusOptions('chargeback');
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <SelectFilter {...props} field="status[]" label={t('fields:chargeback.status')} options={statuses} />
      <SelectFilter
        {...props}
        field="reason_code[]"
        label={t('fields:chargeback.reason_code')}
        options={Object.entries(CHARGEBACK_REASON_CODES).map(([code, text]) => ({
          value: code,
          label: `${code} ${reasonText(t, code, text)}`,
        }))}
        width={240}
      />
      <AmountRangeFilter {...props} />
    </>
  );
};
