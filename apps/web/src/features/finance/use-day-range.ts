import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';

const isDay = (value: string | null): value is string =>
  Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid());

/** A report's range of days in the URL (`day>`, `day<`, inclusive), default the last 28 days; `onRange` takes the range picker's answer. */
export const useDayRange = () => {
  const [params, setParams] = useSearchParams();
  const to = isDay(params.get('day<')) ? (params.get('day<') as string) : dayjs().format('YYYY-MM-DD');
  const from = isDay(params.get('day>'))
    ? (params.get('day>') as string)
    : dayjs(to).subtract(27, 'day').format('YYYY-MM-DD');
  const onRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (range?.[0] && range[1])
      setParams({ 'day>': range[0].format('YYYY-MM-DD'), 'day<': range[1].format('YYYY-MM-DD') });
  };
  return { from, to, onRange };
};
