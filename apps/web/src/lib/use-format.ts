import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime, type DateStyle } from './format.ts';
import { resolveLanguage } from './languages.ts';

/** Formatting bound to the current language (re-renders when it changes). */
export const useFormat = () => {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  return {
    language,
    date: (value: string | Date | null | undefined, style?: DateStyle) => formatDate(value, language, style),
    time: (value: string | Date | null | undefined) => formatTime(value, language),
    dateTime: (value: string | Date | null | undefined, style?: DateStyle) => formatDateTime(value, language, style),
    money: (minor: number | null | undefined, currency?: string | null) => formatMoney(minor, currency, language),
    number: (value: number, digits?: number) => formatNumber(value, language, digits),
  };
};
