import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input.tsx';
import type { FilterProps } from './filter-props.ts';

const toUnits = (minor: unknown) => (typeof minor === 'string' && /^\d+$/.test(minor) ? Number(minor) : null);
const toParam = (units: number | null) => (units === null ? undefined : String(units));

/**
 * Amount bounds typed in major units (12,50) and kept in minor units in `amount>` / `amount<`;
 * a bound is applied on Enter or leaving the field, and only when its text could be read.
 */
export const AmountRangeFilter = ({ field = 'amount', state, onChange }: FilterProps & { field?: string }) => {
  const { t } = useTranslation();
  const bound = (key: string, label: string) => (
    <MoneyInput
      min={0}
      errorAs="tooltip"
      width={130}
      aria-label={`${t('list.amountRange')} ${label}`}
      placeholder={label}
      value={toUnits(state.filters[key])}
      onSettle={(units) => onChange({ [key]: toParam(units) })}
    />
  );
  return (
    <Space.Compact>
      {bound(`${field}>`, t('list.minimum'))}
      {bound(`${field}<`, t('list.maximum'))}
    </Space.Compact>
  );
};
