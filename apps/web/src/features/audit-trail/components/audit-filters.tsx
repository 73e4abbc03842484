import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { TextFilter } from '@/components/filters/text-filter.tsx';

/** The audit trail filters of §2.7: period, transaction, destination, route, type, response-code range, authentication. */
export const AuditFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const bound = (key: 'response_code>' | 'response_code<', label: string) => (
    <InputNumber<number>
      aria-label={label}
      placeholder={label}
      min={100}
      max={599}
      precision={0}
      style={{ width: 130 }}
      value={props.state.filters[key] ? Number(props.state.filters[key]) : null}
      onChange={(value) => props.onChange({ [key]: value === null || value === undefined ? undefined : String(value) })}
    />
  );
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <TextFilter {...props} field="transaction" label={t('auditTrail.fields.transaction')} />
      <TextFilter {...props} field="destination" label={t('auditTrail.fields.destination')} />
      <TextFilter {...props} field="route" label={t('auditTrail.fields.route')} />
      <TextFilter {...props} field="type" label={t('auditTrail.fields.type')} />
      <Space.Compact>
        {bound('response_code>', t('auditTrail.codeFrom'))}
        {bound('response_code<', t('auditTrail.codeTo'))}
      </Space.Compact>
      <SelectFilter
        {...props}
        single
        field="authentication"
        label={t('auditTrail.fields.authentication')}
        options={(['api', 'jwt', 'none', 'system'] as const).map((value) => ({
          value,
          label: t(`auditTrail.${value}`),
        }))}
        width={180}
      />
    </>
  );
};
