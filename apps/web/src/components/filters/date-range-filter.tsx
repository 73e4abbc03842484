import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { datePattern } from '@/lib/format.ts';
import { useFormat } from '@/lib/use-format.ts';
import { datePresets, type PresetKey } from './date-presets.ts';
import type { FilterProps } from './filter-props.ts';

const PRESETS: PresetKey[] = [
  'last28',
  'last90',
  'last365',
  'previousMonth',
  'previousQuarter',
  'previousYear',
  'currentMonth',
  'currentQuarter',
  'currentYear',
];

/** A date range on `{field}>` and `{field}<` (inclusive bounds), with the spec's presets. */
export const DateRangeFilter = ({ field, state, onChange, label }: FilterProps & { field: string; label?: string }) => {
  const { t } = useTranslation();
  const { language } = useFormat();
  const from = state.filters[`${field}>`];
  const to = state.filters[`${field}<`];
  const presets = datePresets();
  return (
    <DatePicker.RangePicker
      aria-label={label ?? t('list.dateRange')}
      allowEmpty={[true, true]}
      format={datePattern(language)}
      value={[typeof from === 'string' ? dayjs(from) : null, typeof to === 'string' ? dayjs(to) : null]}
      presets={PRESETS.map((key) => ({ label: t(`presets.${key}`), value: presets[key] }))}
      placeholder={[t('list.from'), t('list.to')]}
      onChange={(range) =>
        onChange({
          [`${field}>`]: range?.[0] ? range[0].startOf('day').toISOString() : undefined,
          [`${field}<`]: range?.[1] ? range[1].endOf('day').toISOString() : undefined,
        })
      }
    />
  );
};
