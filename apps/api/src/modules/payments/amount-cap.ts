import { maxAmountFor } from '@kassa/domain';
import { badRequest } from '../../lib/http-error.ts';

/**
 * The business cap in the currency's own minor units (money.ts): the schemas hold every amount to
 * 99,999,999.99 in two decimals; where the currency is known, one with fewer decimals (JPY) is
 * held to 99,999,999 of its units.
 */
export const assertAmountCap = (amount: number, currency: string | null | undefined, path = 'body.amount') => {
  const max = maxAmountFor(currency);
  if (amount > max)
    throw badRequest(
      path,
      `The amount is above the cap of ${max} minor units of ${currency ?? 'EUR'}`,
      'amount_too_large',
    );
};
