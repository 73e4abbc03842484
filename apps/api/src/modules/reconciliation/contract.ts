/**
 * The acquirers' fee contract as Kassa expects it (docs/decisions.md, issue 34): interchange
 * 0.20 %, scheme fee 0.05 % (each rounded half up to the cent) and a markup of €0.10 per settled
 * payment; refunds and chargebacks carry no fee. The sandbox acquirer charges exactly this, except
 * on the lines it gets wrong on purpose.
 */
export const feeParts = (amount: number) => ({
  interchange: Math.floor((amount * 20 + 5000) / 10000),
  schemeFee: Math.floor((amount * 5 + 5000) / 10000),
  markup: 10,
});

export const expectedFee = (amount: number): number => {
  const parts = feeParts(amount);
  return parts.interchange + parts.schemeFee + parts.markup;
};

/** `expectedFee` in SQL, of a bigint amount column (set-based matching of a whole file). */
export const expectedFeeSql = (amount: string) =>
  `((${amount} * 20 + 5000) / 10000 + (${amount} * 5 + 5000) / 10000 + 10)`;

/** Days after its capture a payment no settlement file confirmed becomes a `missing_payment` exception (a processor settlement's `unconfirmedAfterDays` detail). */
export const DEFAULT_UNCONFIRMED_AFTER_DAYS = 3;
