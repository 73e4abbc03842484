/** Amounts are integers in minor units (cents). */
export type MinorUnits = number;

export const toMajor = (minor: MinorUnits): number => minor / 100;

/** Parses a major-unit amount the way a person types it ("12,50" or "12.50") into cents. */
export const parseMajorToMinor = (input: string): MinorUnits | null => {
  const normalised = input.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
};

/** Formats cents in a locale: `formatMoney(123456, 'EUR', 'nl')` gives "€ 1.234,56". */
export const formatMoney = (minor: MinorUnits, currency = 'EUR', locale = 'nl'): string =>
  new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : locale, { style: 'currency', currency }).format(
    toMajor(minor),
  );
