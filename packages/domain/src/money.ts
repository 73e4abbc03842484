/** Amounts are integers in minor units (cents). */
export type MinorUnits = number;

export const toMajor = (minor: MinorUnits): number => minor / 100;

/** Formats cents in a locale: `formatMoney(123456, 'EUR', 'nl')` gives "€ 1.234,56". */
export const formatMoney = (minor: MinorUnits, currency = 'EUR', locale = 'nl'): string =>
  new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : locale, { style: 'currency', currency }).format(toMajor(minor));
