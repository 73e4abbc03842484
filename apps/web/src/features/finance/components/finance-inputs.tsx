import { DatePicker, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { NumberInput, type NumberInputProps } from '@/components/number-input.tsx';
import { issueDetails, translateDetail } from '@/lib/form-errors.ts';
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

/** Shows a domain schema's issues on the (possibly nested, e.g. `rules.0.fixed`) fields they name. */
export const showSchemaIssues = (form: FormInstance, t: TFunction, issues: z.core.$ZodIssue[]) => {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issueDetails(issues)) {
    const name = issue.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const key = issue.path;
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(translateDetail(t, issue));
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
};

/** A percentage in basis points in the user's language: 125 → "1,25 %". */
export const useBasisPoints = () => {
  const { number } = useFormat();
  return (bp: number | null | undefined) => (bp === null || bp === undefined ? '' : `${number(bp / 100, 2)} %`);
};
