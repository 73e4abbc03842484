import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { NumberInput, type NumberInputProps } from '@/components/number-input.tsx';
import { useFormat } from '@/lib/use-format.ts';

/** A percentage typed as such (1,25 %) and held in basis points (125): never a float of money. */
export const BasisPointsInput = (props: Omit<NumberInputProps, 'decimals'>) => {
  const { number } = useFormat();
  return (
    <NumberInput
      decimals={2}
      min={0}
      max={10_000}
      suffix="%"
      width={140}
      formatLimit={(units) => `${number(units / 100)} %`}
      {...props}
    />
  );
};

/** A calendar day held as `YYYY-MM-DD` (the API's date fields), shown in the user's locale. */
export const DayInput = ({
  value,
  onChange,
  id,
  ...rest
}: {
  value?: string | null;
  onChange?: (day: string | null) => void;
  id?: string;
  'aria-label'?: string;
}) => {
  const { language } = useFormat();
  return (
    <DatePicker
      id={id}
      aria-label={rest['aria-label']}
      format={language === 'nl' ? 'DD-MM-YYYY' : 'MM/DD/YYYY'}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
    />
  );
};

/** A percentage in basis points in the user's language: 125 → "1,25 %". */
export const useBasisPoints = () => {
  const { number } = useFormat();
  return (bp: number | null | undefined) => (bp === null || bp === undefined ? '' : `${number(bp / 100, 2)} %`);
};
