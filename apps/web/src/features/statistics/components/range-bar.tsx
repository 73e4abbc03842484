import { DatePicker, Segmented, Space } from 'antd';
import { STATISTICS_TIME_ZONE, type StatisticsPeriod } from '@kassa/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { datePresets, type PresetKey } from '@/components/filters/date-presets.ts';
import { datePattern } from '@/lib/format.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useMe } from '@/lib/session.ts';
import type { StatisticsState } from '../search-params.ts';
import { CurrencySelect } from '@/components/statistics/currency-select.tsx';
import { dayBounds, zonedDate } from '../split.ts';

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
  // Days are the user's profile zone's (as the statistics' days are), not the browser's: the picker
  // shows the range's first and last date there and a chosen date means that zone's whole day.
  const zone = useMe().data?.time_zone ?? STATISTICS_TIME_ZONE;
  const date = (instant: string) => dayjs(zonedDate(Date.parse(instant), zone));
  const day = (picked: Dayjs) => picked.format('YYYY-MM-DD');
  // The presets count from today in that zone too (the picker shows them as dates).
  const presets = datePresets(date(new Date().toISOString()));
  return (
    <Space wrap>
      <DatePicker.RangePicker
        aria-label={t('statistics.range')}
        format={datePattern(language)}
        allowClear={false}
        value={[date(state.from), date(state.to)]}
        presets={PRESETS.map((key) => ({ label: t(`presets.${key}`), value: presets[key] }))}
        onChange={(range) => range?.[0] && range[1] && onChange(dayBounds(day(range[0]), day(range[1]), zone))}
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
