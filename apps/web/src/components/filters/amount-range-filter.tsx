import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format.ts';
import type { FilterProps } from './filter-props.ts';

const toMinor = (major: number | null) => (major === null ? undefined : String(Math.round(major * 100)));
const toMajor = (minor: unknown) => (typeof minor === 'string' && minor !== '' ? Number(minor) / 100 : null);

/** Amount bounds typed in major units (12,50) and kept in minor units in `amount>` / `amount<`. */
export const AmountRangeFilter = ({ field = 'amount', state, onChange }: FilterProps & { field?: string }) => {
  const { t } = useTranslation();
  const { language } = useFormat();
  const decimal = language === 'nl' ? ',' : '.';
  const common = { min: 0, step: 1, precision: 2, decimalSeparator: decimal, style: { width: 110 } } as const;
  return (
    <Space.Compact>
      <InputNumber {...common} aria-label={`${t('list.amountRange')} ${t('list.minimum')}`} placeholder={t('list.minimum')} value={toMajor(state.filters[`${field}>`])} onChange={(value) => onChange({ [`${field}>`]: toMinor(value) })} />
      <InputNumber {...common} aria-label={`${t('list.amountRange')} ${t('list.maximum')}`} placeholder={t('list.maximum')} value={toMajor(state.filters[`${field}<`])} onChange={(value) => onChange({ [`${field}<`]: toMinor(value) })} />
    </Space.Compact>
  );
};
