import {
  formatDecimalInput,
  MAX_BILLING_CYCLES,
  parseDecimalInput,
  type DecimalInputResult,
  type NumberLanguage,
} from '@kassa/domain';
import { Input, theme, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';

/** The value a number field holds while its text cannot be read: forms refuse to send it. */
export const UNREAD = Number.NaN;
/** True when a field's text could not be read (the field already says why). */
export const isUnread = (value: unknown): boolean => typeof value === 'number' && Number.isNaN(value);
/** True when any of the named fields holds text that could not be read. */
export const hasUnread = (values: object, fields: readonly string[]) =>
  fields.some((field) => isUnread((values as Record<string, unknown>)[field]));

export type NumberInputProps = {
  /** Whole units (minor units, hundredths of a percent, a count); `NaN` while the text is unreadable. */
  value?: number | null;
  onChange?: (units: number | null) => void;
  decimals: number;
  min?: number;
  max?: number;
  /** How a limit is said in a message (money with its currency, a percentage with %). */
  formatLimit?: (units: number) => string;
  prefix?: ReactNode;
  suffix?: ReactNode;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  width?: CSSProperties['width'];
  onPressEnter?: () => void;
  /** Called on blur and Enter with the value read (filters apply it then, not at every keystroke). */
  onSettle?: (units: number | null) => void;
  /** Where the reason is shown: under the field (forms), or floating under it (filter rows). */
  errorAs?: 'text' | 'tooltip';
};

const isReadable = (value: number | null | undefined): value is number =>
  typeof value === 'number' && !Number.isNaN(value);
const textOf = (value: number | null | undefined, language: NumberLanguage, decimals: number) =>
  isReadable(value) ? formatDecimalInput(value, { language, decimals }) : '';

const messageOf = (
  t: TFunction,
  read: Extract<DecimalInputResult, { ok: false }>,
  formatLimit: (units: number) => string,
) => {
  switch (read.reason) {
    case 'ambiguous':
      return t('numberInput.ambiguous', { first: read.readings[0], second: read.readings[1] });
    case 'too_many_decimals':
      return t('numberInput.tooManyDecimals', { count: read.decimals });
    case 'too_small':
      return t('numberInput.tooSmall', { min: formatLimit(read.min) });
    case 'too_large':
      return t('numberInput.tooLarge', { max: formatLimit(read.max) });
    default:
      return t(`numberInput.${read.reason}`);
  }
};

/**
 * A text field for a number typed the way a person types it (issue 21): read exactly by
 * `parseDecimalInput` in the active language or refused with the reason shown on the field.
 * It never rewrites what was typed into another value; after blur it shows the canonical text
 * of exactly the value it sends.
 */
export const NumberInput = ({
  value,
  onChange,
  decimals,
  min,
  max,
  formatLimit,
  prefix,
  suffix,
  width = 180,
  onPressEnter,
  onSettle,
  errorAs = 'text',
  ...rest
}: NumberInputProps) => {
  const { t } = useTranslation();
  const { language } = useFormat();
  const { token } = theme.useToken();
  const errorId = useId();
  const options = { language, decimals, min, max };
  const format = (units: number) => formatDecimalInput(units, options);
  // `sent` is what this field last sent and `prop` the value it was last given: a new value that
  // is not what the field sent came from outside (a reset, a default) and replaces the text. A
  // value that lags behind the typing is not a change. A new language shows the same value with
  // its own signs.
  const [field, setField] = useState(() => ({
    text: textOf(value, language, decimals),
    sent: value,
    prop: value,
    language,
    revealed: false,
  }));
  if (!Object.is(value, field.prop) || field.language !== language) {
    const external = !Object.is(value, field.prop) && !Object.is(value, field.sent);
    const relabel = field.language !== language && isReadable(field.sent);
    setField({
      text: external
        ? textOf(value, language, decimals)
        : relabel
          ? textOf(field.sent, language, decimals)
          : field.text,
      sent: external ? value : field.sent,
      prop: value,
      language,
      revealed: external ? false : field.revealed,
    });
  }
  const { text, revealed } = field;

  const read = parseDecimalInput(text, options);
  const error = !read.ok && revealed ? messageOf(t, read, formatLimit ?? format) : null;

  const change = (next: string) => {
    const result = parseDecimalInput(next, options);
    const units = result.ok ? result.units : UNREAD;
    setField({ ...field, text: next, sent: units });
    onChange?.(units);
  };

  const settle = () => {
    setField({ ...field, revealed: true, text: read.ok && read.units !== null ? format(read.units) : text });
    if (read.ok) onSettle?.(read.units);
  };

  const input = (
    <Input
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      prefix={prefix}
      suffix={suffix}
      status={error ? 'error' : undefined}
      aria-invalid={error ? true : undefined}
      // The tooltip links its own popup to the field.
      aria-describedby={error && errorAs === 'text' ? errorId : undefined}
      style={{ width }}
      onChange={(event) => change(event.target.value)}
      onBlur={settle}
      onPressEnter={() => {
        settle();
        onPressEnter?.();
      }}
    />
  );
  // In a row of filters the reason floats under the field, so the row keeps its shape.
  if (errorAs === 'tooltip') {
    return (
      <Tooltip open={Boolean(error)} title={<span role="alert">{error}</span>} placement="bottomLeft">
        {input}
      </Tooltip>
    );
  }
  return (
    <div style={{ display: 'inline-flex', flexDirection: 'column', maxWidth: '100%' }}>
      {input}
      {error && (
        <div
          id={errorId}
          role="alert"
          style={{ color: token.colorError, fontSize: token.fontSizeSM, maxWidth: 320, marginTop: 2 }}
        >
          {error}
        </div>
      )}
    </div>
  );
};

/** A whole number of at least `min` (cycles, counts): `1,5`, `0` and `-1` are refused in words. */
export const WholeNumberInput = ({
  min = 1,
  max = MAX_BILLING_CYCLES,
  ...rest
}: Omit<NumberInputProps, 'decimals'>) => <NumberInput decimals={0} min={min} max={max} width={140} {...rest} />;

/** A percentage typed as a percentage (12,5 %) and held as the fraction the API stores (0.125). */
export const PercentInput = ({
  value,
  onChange,
  ...rest
}: Omit<NumberInputProps, 'decimals' | 'value' | 'onChange'> & {
  value?: number | null;
  onChange?: (fraction: number | null) => void;
}) => {
  const { number } = useFormat();
  const hundredths = isReadable(value) ? Math.round(value * 10_000) : value;
  return (
    <NumberInput
      decimals={2}
      min={1}
      max={10_000}
      suffix="%"
      formatLimit={(units) => `${number(units / 100)} %`}
      {...rest}
      value={hundredths}
      onChange={(units) => onChange?.(units === null || Number.isNaN(units) ? units : units / 10_000)}
    />
  );
};
