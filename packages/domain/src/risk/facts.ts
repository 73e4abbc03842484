/**
 * What the risk and routing evaluators know of a payment. The payments engine builds it from the
 * request; the backtest from stored transactions. Missing facts are null.
 */
export type PaymentFacts = {
  id?: string;
  amount: number;
  currency_code: string | null;
  payment_product?: string | null;
  card_brand: string | null;
  card_bin: string | null;
  country_code: string | null;
  card: string | null;
  customer: string | null;
  customer_status: string | null;
  mcc: string | null;
  three_ds: boolean;
  recurring_type: string | null;
};

/** The fact a rule name reads; `random` is drawn by the evaluator, not stored on the payment. */
export const factOf = (payment: PaymentFacts, name: string): string | number | boolean | null => {
  switch (name) {
    case '3ds':
      return payment.three_ds;
    case 'recurring':
      return payment.recurring_type !== null && payment.recurring_type !== 'none';
    case 'amount':
      return payment.amount;
    case 'card_bin':
      return payment.card_bin === null || payment.card_bin === '' ? null : Number(payment.card_bin);
    case 'card':
    case 'customer':
    case 'card_brand':
    case 'country_code':
    case 'currency_code':
    case 'customer_status':
    case 'mcc':
    case 'recurring_type':
      return payment[name];
    default:
      return null;
  }
};

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A reproducible draw in [0, 100) for one payment, read from the random tail of its id (the
 * last four base-32 characters), so the same payment always draws the same number: a backtest is
 * stable, a retried payment keeps its route, and the database can compute the same draw in SQL.
 */
export const drawFor = (id: string): number => {
  const tail = `0000${id}`.slice(-4).toLowerCase();
  let value = 0;
  for (const ch of tail) value = value * 32 + Math.max(ID_ALPHABET.indexOf(ch), 0);
  return (value * 100) / 1048576;
};

/** A small seeded generator of numbers in [0, 1); tests and simulations inject it. */
export const mulberry32 = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
