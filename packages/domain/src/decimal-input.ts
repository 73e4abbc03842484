/**
 * What a person types into an amount or number field, read without guessing (issue 21).
 *
 * A value is a whole number of `units`: minor units for money (decimals = the currency's),
 * hundredths of a percent for percentages (decimals = 2), the number itself for counts
 * (decimals = 0). Parsing never rounds, clamps or drops characters: text is either read exactly
 * or refused with a reason the field shows. Formatting is the one canonical text for a value,
 * and parsing that text gives the same value back in both languages.
 */

/** The two interface languages whose number conventions are read here. */
export type NumberLanguage = 'nl' | 'en-US';

export type DecimalInputOptions = {
  language: NumberLanguage;
  /** Digits after the decimal sign the value has (currency decimals, 2 for percent, 0 for counts). */
  decimals: number;
  /** Smallest allowed value in units (default 0: negatives refused). */
  min?: number;
  /** Largest allowed value in units (default the largest exact integer). */
  max?: number;
};

export type DecimalInputError =
  | { reason: 'invalid' }
  | { reason: 'exponent' }
  | { reason: 'ambiguous'; readings: [string, string] }
  | { reason: 'too_many_decimals'; decimals: number }
  | { reason: 'not_whole' }
  | { reason: 'negative' }
  | { reason: 'too_small'; min: number }
  | { reason: 'too_large'; max: number };

export type DecimalInputResult = { ok: true; units: number | null } | ({ ok: false } & DecimalInputError);

/** The decimal sign and the thousands separator of a language. */
export const separatorsOf = (language: NumberLanguage) =>
  language === 'nl' ? { decimal: ',', group: '.' } : { decimal: '.', group: ',' };

const fail = (error: DecimalInputError): DecimalInputResult => ({ ok: false, ...error });

/** `1.000.000`-style grouping: a first group of 1–3 digits not starting with 0, then groups of 3. */
const isWellGrouped = (groups: string[]) =>
  /^[1-9]\d{0,2}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => /^\d{3}$/.test(group));

type Split = { integer: string; fraction: string | null } | DecimalInputError;

/** Splits the unsigned digits-and-separators text into its integer and fraction digits. */
const split = (body: string, language: NumberLanguage, decimals: number): Split => {
  const own = separatorsOf(language);
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  if (dots === 0 && commas === 0) return { integer: body, fraction: null };
  if (dots > 0 && commas > 0) {
    // Both signs: the last one is the decimal sign (once), the other groups thousands before it.
    const decimalSign = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const groupSign = decimalSign === '.' ? ',' : '.';
    const [whole = '', fraction = '', ...rest] = body.split(decimalSign);
    if (rest.length > 0 || !isWellGrouped(whole.split(groupSign))) return { reason: 'invalid' };
    return { integer: whole.split(groupSign).join(''), fraction };
  }
  const sign = dots > 0 ? '.' : ',';
  const parts = body.split(sign);
  if (parts.length > 2) {
    // The same sign more than once can only group thousands.
    return isWellGrouped(parts) ? { integer: parts.join(''), fraction: null } : { reason: 'invalid' };
  }
  const [whole = '', fraction = ''] = parts;
  // One sign followed by exactly three digits reads as thousands in one convention and as
  // decimals in the other: refuse to guess, unless the currency itself has three decimals and
  // the sign is the language's own decimal sign.
  if (fraction.length === 3 && isWellGrouped([whole, fraction]) && !(decimals >= 3 && sign === own.decimal)) {
    return { reason: 'ambiguous', readings: [`${whole}${fraction}`, `${whole}${own.decimal}${fraction}`] };
  }
  return { integer: whole, fraction };
};

/**
 * Reads typed text as a whole number of units. Empty text is `{ok: true, units: null}`.
 * `parseDecimalInput('12,50', {language: 'en-US', decimals: 2})` gives 1250, never 125000.
 */
export const parseDecimalInput = (text: string, options: DecimalInputOptions): DecimalInputResult => {
  const { language, decimals, min = 0, max = Number.MAX_SAFE_INTEGER } = options;
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, units: null };
  const negative = /^[-−]/.test(trimmed);
  const body = negative ? trimmed.slice(1).trim() : trimmed;
  if (/^[\d.,]*[eE][-+]?\d*$/.test(body)) return fail({ reason: 'exponent' });
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return fail({ reason: 'invalid' });
  const parts = split(body, language, decimals);
  if ('reason' in parts) return fail(parts);
  const fraction = parts.fraction ?? '';
  if (fraction.length > decimals)
    return fail(decimals === 0 ? { reason: 'not_whole' } : { reason: 'too_many_decimals', decimals });
  const digits = `${parts.integer}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '') || '0';
  const magnitude = BigInt(digits);
  const units = negative ? -magnitude : magnitude;
  if (units < 0n && min >= 0) return fail({ reason: 'negative' });
  if (units > BigInt(max)) return fail({ reason: 'too_large', max });
  if (units < BigInt(min)) return fail({ reason: 'too_small', min });
  // `-0` is 0: the sign of nothing changes nothing.
  return { ok: true, units: Number(units) || 0 };
};

/**
 * The canonical text of a value: the language's decimal sign and all the decimals; thousands
 * grouped only when there is a decimal part, so a grouped number is never ambiguous.
 */
export const formatDecimalInput = (
  units: number,
  options: Pick<DecimalInputOptions, 'language' | 'decimals'>,
): string => {
  const { decimal, group } = separatorsOf(options.language);
  const digits = Math.abs(units)
    .toString()
    .padStart(options.decimals + 1, '0');
  const whole = digits.slice(0, digits.length - options.decimals);
  const fraction = digits.slice(digits.length - options.decimals);
  const sign = units < 0 ? '-' : '';
  if (options.decimals === 0) return `${sign}${whole}`;
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, group)}${decimal}${fraction}`;
};

/** Digits after the decimal sign of a currency (EUR 2, JPY 0, KWD 3). */
export const currencyDecimals = (currency: string | null | undefined): number => {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'EUR' }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
};
