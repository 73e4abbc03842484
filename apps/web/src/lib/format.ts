import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import 'dayjs/locale/en';
import { toMajor } from '@kassa/domain';
import type { Language } from './languages.ts';

export type DateStyle = 'short' | 'medium' | 'long' | 'full';

/** Date and time patterns per language; Dutch as portal.md §9 gives them (dd-MM-y, d MMM y, …). */
const patterns: Record<Language, Record<DateStyle | 'time', string>> = {
  nl: { short: 'DD-MM-YYYY', medium: 'D MMM YYYY', long: 'D MMMM YYYY', full: 'dddd D MMMM YYYY', time: 'HH:mm' },
  'en-US': {
    short: 'MM/DD/YYYY',
    medium: 'MMM D, YYYY',
    long: 'MMMM D, YYYY',
    full: 'dddd, MMMM D, YYYY',
    time: 'h:mm A',
  },
};

const dayjsLocale = (language: Language) => (language === 'nl' ? 'nl' : 'en');
const intlLocale = (language: Language) => (language === 'nl' ? 'nl-NL' : 'en-US');

export const datePattern = (language: Language, style: DateStyle = 'short') => patterns[language][style];
export const timePattern = (language: Language) => patterns[language].time;

type DateInput = string | number | Date | null | undefined;

export const formatDate = (value: DateInput, language: Language, style: DateStyle = 'short'): string =>
  value === null || value === undefined || value === ''
    ? ''
    : dayjs(value).locale(dayjsLocale(language)).format(patterns[language][style]);

export const formatTime = (value: DateInput, language: Language): string =>
  value === null || value === undefined || value === ''
    ? ''
    : dayjs(value).locale(dayjsLocale(language)).format(patterns[language].time);

export const formatDateTime = (value: DateInput, language: Language, style: DateStyle = 'short'): string =>
  value === null || value === undefined || value === ''
    ? ''
    : `${formatDate(value, language, style)} ${formatTime(value, language)}`;

/** Numbers with the locale's separators (Dutch: decimal comma, group period). */
export const formatNumber = (value: number, language: Language, digits?: number): string =>
  new Intl.NumberFormat(
    intlLocale(language),
    digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits },
  ).format(value);

/** Minor units shown divided by 100 with the currency (EUR by default). */
export const formatMoney = (
  minor: number | null | undefined,
  currency: string | null | undefined,
  language: Language,
): string =>
  minor === null || minor === undefined
    ? ''
    : new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: currency || 'EUR' }).format(
        toMajor(minor),
      );
