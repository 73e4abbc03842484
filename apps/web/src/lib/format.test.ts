import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format.ts';
import { parseJsonc } from './jsonc.ts';
import { resolveLanguage } from './languages.ts';

// 14:05 UTC is 15:05 in Amsterdam in winter; the tests pin the zone by using local-time input.
const moment = new Date(2026, 0, 5, 14, 5);

describe('Dutch and English formats', () => {
  it('writes dates the Dutch way', () => {
    expect(formatDate(moment, 'nl')).toBe('05-01-2026');
    expect(formatDate(moment, 'nl', 'medium')).toBe('5 jan 2026');
    expect(formatDate(moment, 'nl', 'long')).toBe('5 januari 2026');
    expect(formatDate(moment, 'nl', 'full')).toBe('maandag 5 januari 2026');
    expect(formatDateTime(moment, 'nl')).toBe('05-01-2026 14:05');
  });

  it('writes dates the American way', () => {
    expect(formatDate(moment, 'en-US')).toBe('01/05/2026');
    expect(formatDateTime(moment, 'en-US')).toBe('01/05/2026 2:05 PM');
    expect(formatDate(null, 'en-US')).toBe('');
  });

  it('shows minor units divided by 100 with the currency and the locale separators', () => {
    // Intl puts a no-break space between sign and number.
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(formatMoney(123456, 'EUR', 'nl'))).toBe('€ 1.234,56');
    expect(formatMoney(123456, 'EUR', 'en-US')).toBe('€1,234.56');
    expect(plain(formatMoney(-500, null, 'nl'))).toBe('€ -5,00');
    expect(formatMoney(100, 'USD', 'en-US')).toBe('$1.00');
    expect(formatNumber(1234.5, 'nl', 2)).toBe('1.234,50');
  });
});

describe('languages', () => {
  it('defaults to Dutch and maps variants', () => {
    expect(resolveLanguage(undefined)).toBe('nl');
    expect(resolveLanguage('nl-BE')).toBe('nl');
    expect(resolveLanguage('en-GB')).toBe('en-US');
  });

  it('falls back to en-US with a warning for an unsupported locale', () => {
    const warnings: string[] = [];
    expect(resolveLanguage('de-DE', (m) => warnings.push(m))).toBe('en-US');
    expect(warnings[0]).toContain('de-DE');
  });
});

describe('jsonc', () => {
  it('strips comments but not inside strings, and allows trailing commas', () => {
    expect(parseJsonc('{\n // a comment\n "url": "https://x/*y*/", /* block */ "b": [1,2,],\n}')).toEqual({
      url: 'https://x/*y*/',
      b: [1, 2],
    });
  });
});
