import { composeIBAN, friendlyFormatIBAN } from 'ibantools';

/**
 * Browser tests are retried on the same server (vitest `retry`), so whatever a test creates must
 * not collide with what its first attempt left behind: names, serial numbers, e-mail addresses,
 * IBANs. Each call gives a suffix of its own (time in base 36 and a counter), short enough for a
 * name field and readable in a screenshot.
 */
let counter = 0;
export const uniqueSuffix = () => `${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}`;

/** `base` with a suffix of this attempt's own: `E2E webshop k3f9a0`. */
export const unique = (base: string) => `${base} ${uniqueSuffix()}`;

/** An e-mail address of this attempt's own: `nieuw+k3f9a0@kassa.test`. */
export const uniqueEmail = (local: string, domain = 'kassa.test') => `${local}+${uniqueSuffix()}@${domain}`;

/** Digits only, `length` long, different on each call (for account numbers and serials). */
export const uniqueDigits = (length: number) =>
  `${Date.now()}${(counter++ % 100).toString().padStart(2, '0')}`.slice(-length);

/**
 * A valid IBAN of this attempt's own (the check digits computed), electronic and grouped:
 * a bank account's IBAN is unique per merchant, so a retry cannot type the same one again.
 */
export const uniqueIban = (countryCode: 'NL' | 'GB', bank: string) => {
  const bban = `${bank}${uniqueDigits((countryCode === 'NL' ? 14 : 18) - bank.length)}`;
  const electronic = composeIBAN({ countryCode, bban });
  if (!electronic) throw new Error(`no IBAN for ${countryCode} ${bban}`);
  return { electronic, grouped: friendlyFormatIBAN(electronic)! };
};
