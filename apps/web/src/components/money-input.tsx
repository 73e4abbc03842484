import { currencyDecimals } from '@kassa/domain';
import { useFormat } from '@/lib/use-format.ts';
import { NumberInput, type NumberInputProps } from './number-input.tsx';

/** The largest amount a JSON number carries exactly; the bigint columns hold more. */
export const MAX_MINOR_UNITS = Number.MAX_SAFE_INTEGER;

const symbolOf = (currency: string, language: string) =>
  new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US', { style: 'currency', currency })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/**
 * The one field where an amount is typed (issue 21): major units in the user's language
 * (12,50 / 12.50), held in minor units (1250) in the currency's decimals. Negative amounts,
 * ambiguous separators, exponents, extra decimals and amounts beyond `max` are refused on the
 * field, in words.
 */
export const MoneyInput = ({
  currency,
  min = 1,
  max = MAX_MINOR_UNITS,
  ...rest
}: Omit<NumberInputProps, 'decimals'> & { currency?: string | null }) => {
  const format = useFormat();
  const code = currency || 'EUR';
  return (
    <NumberInput
      decimals={currencyDecimals(code)}
      min={min}
      max={max}
      prefix={symbolOf(code, format.language)}
      formatLimit={(units) => format.money(units, code)}
      {...rest}
    />
  );
};
