import { z } from 'zod';
import { currencyDecimals } from './decimal-input.ts';

/** Amounts are integers in minor units (cents). */
export type MinorUnits = number;

/**
 * The business cap on every money input, in minor units: 99,999,999.99 in a currency with two
 * decimals, about what a card acquirer takes in one payment (docs/decisions.md). Every schema
 * with an amount field uses it; a value above it is a 400 `amount_too_large` naming the field.
 */
export const MAX_AMOUNT_MINOR = 9_999_999_999;

/** The message of an amount over the cap (API schemas; the web's forms translate their own keys). */
export const AMOUNT_TOO_LARGE_MESSAGE = 'The amount is above the cap of 99,999,999.99';

/**
 * The cap in a currency's own minor units: 99,999,999 major units and its decimals, so a
 * currency with fewer decimals has a smaller cap (JPY 99,999,999); never above MAX_AMOUNT_MINOR.
 */
export const maxAmountFor = (currency: string | null | undefined): number =>
  Math.min(MAX_AMOUNT_MINOR, 10 ** (8 + currencyDecimals(currency)) - 1);

/**
 * An amount or a sum of amounts as the API answers it: a JSON number of minor units, exact up to
 * 2^53 − 1 (90 trillion euros). A sum beyond that, possible only from amounts stored before the
 * cap, is answered as the nearest double rather than failing the call (docs/decisions.md).
 */
export const ZAnsweredAmount = z.number();

export const toMajor = (minor: MinorUnits): number => minor / 100;

/** Formats cents in a locale: `formatMoney(123456, 'EUR', 'nl')` gives "€ 1.234,56". */
export const formatMoney = (minor: MinorUnits, currency = 'EUR', locale = 'nl'): string =>
  new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : locale, { style: 'currency', currency }).format(toMajor(minor));
