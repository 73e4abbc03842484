import { DatePicker, Segmented, Space } from 'antd';
import type { StatisticsPeriod } from '@kassa/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { datePresets, type PresetKey } from '@/components/filters/date-presets.ts';
import { datePattern } from '@/lib/format.ts';
import { useFormat } from '@/lib/use-format.ts';
import type { StatisticsState } from '../search-params.ts';
import { CurrencySelect } from '@/components/statistics/currency-select.tsx';

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
const PERIODS: StatisticsPeriod[] = ['day', 'week', 'month'];

/** The range (with the presets of payments.md §9) and the period of a statistics dashboard. */
export const RangeBar = ({
  state,
  onChange,
  scope,
  money = true,
}: {
  state: StatisticsState;
  onChange: (changes: Partial<StatisticsState>) => void;
  scope: string;
  money?: boolean;
}) => {
  const { t } = useTranslation();
  const { language } = useFormat();
  const presets = datePresets();
  return (
    <Space wrap>
      <DatePicker.RangePicker
        aria-label={t('statistics.range')}
        format={datePattern(language)}
        allowClear={false}
        value={[dayjs(state.from), dayjs(state.to)]}
        presets={PRESETS.map((key) => ({ label: t(`presets.${key}`), value: presets[key] }))}
        onChange={(range) =>
          range?.[0] &&
          range[1] &&
          onChange({ from: range[0].startOf('day').toISOString(), to: range[1].endOf('day').toISOString() })
        }
      />
      <Segmented<StatisticsPeriod>
        aria-label={t('statistics.period')}
        value={state.period}
        options={PERIODS.map((value) => ({ value, label: t(`statistics.periods.${value}`) }))}
        onChange={(period) => onChange({ period })}
      />
      {money && (
        <CurrencySelect
          value={state.currency}
          scope={scope}
          range={{ from: state.from, to: state.to }}
          onChange={(currency) => onChange({ currency })}
        />
      )}
    </Space>
  );
};
