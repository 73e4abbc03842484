import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyDecimals,
  formatDecimalInput,
  parseDecimalInput,
  separatorsOf,
  type NumberLanguage,
} from './decimal-input.ts';

const en = { language: 'en-US', decimals: 2 } as const;
const nl = { language: 'nl', decimals: 2 } as const;
const languages = fc.constantFrom<NumberLanguage>('nl', 'en-US');
const currencyDigits = fc.constantFrom(0, 2, 3);
const units = (max = Number.MAX_SAFE_INTEGER) => fc.integer({ min: 0, max });

describe('parseDecimalInput: the cases of issue 21', () => {
  it.each([
    ['12,50', en, 1250], // a decimal comma in English is forgiven, never 1250.00
    ['10,50', en, 1050],
    ['0,99', en, 99],
    ['12.50', en, 1250],
    ['12,50', nl, 1250],
    ['12.5', nl, 1250], // a decimal point in Dutch, unambiguous
    ['1.000,00', nl, 100000],
    ['1,000.00', en, 100000],
    ['1.000.000', nl, 100000000],
    ['1,000,000', en, 100000000],
    ['1.234.567,89', nl, 123456789],
    ['12', nl, 1200],
    [' 7 ', en, 700],
    [',5', nl, 50],
    ['10,', nl, 1000],
    ['0', en, 0],
    ['', en, null],
    ['1,5', { language: 'nl', decimals: 3 }, 1500],
    ['1,500', { language: 'nl', decimals: 3 }, 1500], // the currency has three decimals: no doubt
  ] as const)('%j in %o is %s units', (text, options, expected) => {
    expect(parseDecimalInput(text, options)).toEqual({ ok: true, units: expected });
  });

  it.each([
    ['1.000', en, ['1000', '1.000']],
    ['12,345', nl, ['12345', '12,345']],
    ['12.345', nl, ['12345', '12,345']],
    ['1,000', en, ['1000', '1.000']],
    ['1.000', { language: 'nl', decimals: 0 }, ['1000', '1,000']],
  ] as const)('%j in %o is ambiguous', (text, options, readings) => {
    expect(parseDecimalInput(text, options)).toEqual({ ok: false, reason: 'ambiguous', readings });
  });

  it.each([
    ['12,345', en, 'ambiguous'],
    ['12,3456', nl, 'too_many_decimals'],
    ['0,001', nl, 'too_many_decimals'],
    ['1e3', nl, 'exponent'],
    ['1E3', en, 'exponent'],
    ['2.5e-1', en, 'exponent'],
    ['-1', nl, 'negative'],
    ['−12,50', nl, 'negative'],
    ['abc', en, 'invalid'],
    ['12,50 EUR', en, 'invalid'],
    ['1.2.3', nl, 'invalid'],
    ['1.00.000,00', nl, 'invalid'],
    ['1,000,00.5', en, 'invalid'],
    ['-', en, 'invalid'],
    ['1 000', nl, 'invalid'],
    ['99999999999999999999', en, 'too_large'],
  ] as const)('%j in %o is refused: %s', (text, options, reason) => {
    expect(parseDecimalInput(text, options)).toMatchObject({ ok: false, reason });
  });

  it('says how many decimals the currency has', () => {
    expect(parseDecimalInput('1,234', { language: 'en-US', decimals: 0 })).toMatchObject({
      ok: false,
      reason: 'ambiguous',
    });
    expect(parseDecimalInput('1,5', { language: 'nl', decimals: 0 })).toEqual({ ok: false, reason: 'not_whole' });
    expect(parseDecimalInput('1,555', { language: 'nl', decimals: 2 })).toMatchObject({
      ok: false,
      reason: 'ambiguous',
    });
    expect(parseDecimalInput('0,555', { language: 'nl', decimals: 2 })).toEqual({
      ok: false,
      reason: 'too_many_decimals',
      decimals: 2,
    });
  });

  it('refuses values outside the range, never clamps', () => {
    const cycles = { language: 'nl', decimals: 0, min: 1, max: 100_000 } as const;
    expect(parseDecimalInput('0', cycles)).toEqual({ ok: false, reason: 'too_small', min: 1 });
    expect(parseDecimalInput('100001', cycles)).toEqual({ ok: false, reason: 'too_large', max: 100_000 });
    expect(parseDecimalInput('-1', cycles)).toEqual({ ok: false, reason: 'negative' });
    expect(parseDecimalInput('-1,00', { ...nl, min: -500 })).toEqual({ ok: true, units: -100 });
    expect(parseDecimalInput('-0', nl)).toEqual({ ok: true, units: 0 });
  });

  it('knows the decimals of a currency', () => {
    expect([currencyDecimals('EUR'), currencyDecimals('JPY'), currencyDecimals('KWD'), currencyDecimals(null)]).toEqual(
      [2, 0, 3, 2],
    );
  });

  it('formats in the language, grouping only beside a decimal part', () => {
    expect(formatDecimalInput(123456789, nl)).toBe('1.234.567,89');
    expect(formatDecimalInput(123456789, en)).toBe('1,234,567.89');
    expect(formatDecimalInput(5, nl)).toBe('0,05');
    expect(formatDecimalInput(-1250, en)).toBe('-12.50');
    expect(formatDecimalInput(1000, { language: 'nl', decimals: 0 })).toBe('1000');
  });
});

describe('parseDecimalInput: properties over both languages', () => {
  it('what is shown after blur (the formatted value) parses back to exactly what is sent', () => {
    fc.assert(
      fc.property(languages, currencyDigits, units(), (language, decimals, value) => {
        const shown = formatDecimalInput(value, { language, decimals });
        expect(parseDecimalInput(shown, { language, decimals })).toEqual({ ok: true, units: value });
      }),
      { numRuns: 2000 },
    );
  });

  it('any text that is accepted shows, after blur, a text that means the same', () => {
    const typed = fc.stringMatching(/^-?[0-9]{0,7}([.,][0-9]{0,4}){0,3}$/);
    fc.assert(
      fc.property(languages, currencyDigits, typed, (language, decimals, text) => {
        const read = parseDecimalInput(text, { language, decimals });
        if (!read.ok || read.units === null) return;
        const shown = formatDecimalInput(read.units, { language, decimals });
        expect(parseDecimalInput(shown, { language, decimals })).toEqual(read);
      }),
      { numRuns: 3000 },
    );
  });

  it('a number typed with either decimal sign and no grouping means its digits, never 100 times more', () => {
    fc.assert(
      fc.property(
        languages,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('.', ','),
        (language, whole, cents, sign) => {
          const text = `${whole}${sign}${String(cents).padStart(2, '0')}`;
          expect(parseDecimalInput(text, { language, decimals: 2 })).toEqual({ ok: true, units: whole * 100 + cents });
        },
      ),
    );
  });

  it("the language's own grouped form with decimals is read exactly", () => {
    fc.assert(
      fc.property(languages, units(10 ** 13), (language, value) => {
        const { decimal, group } = separatorsOf(language);
        const whole = Math.floor(value / 100)
          .toLocaleString('en-US')
          .replaceAll(',', group);
        const text = `${whole}${decimal}${String(value % 100).padStart(2, '0')}`;
        expect(parseDecimalInput(text, { language, decimals: 2 })).toEqual({ ok: true, units: value });
      }),
    );
  });

  it('more decimals than the currency has, an exponent, or beyond the range is never accepted', () => {
    fc.assert(
      fc.property(
        languages,
        currencyDigits,
        fc.integer({ min: 1, max: 10 ** 6 }),
        fc.stringMatching(/^[0-9]{1,4}$/),
        (language, decimals, whole, extra) => {
          const { decimal } = separatorsOf(language);
          const tooPrecise = `0${decimal}${'1'.repeat(decimals + 1)}${extra}`;
          expect(parseDecimalInput(tooPrecise, { language, decimals }).ok).toBe(false);
          expect(parseDecimalInput(`${whole}e${extra}`, { language, decimals })).toMatchObject({
            ok: false,
            reason: 'exponent',
          });
          expect(
            parseDecimalInput(String(whole), { language, decimals, max: whole * 10 ** decimals - 1 }),
          ).toMatchObject({ ok: false, reason: 'too_large' });
        },
      ),
    );
  });
});
