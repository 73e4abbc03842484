import { CURRENCY, day, decimal, minorUnits, type SettlementFormat, type SettlementLine } from './format.ts';

const KINDS: Record<string, SettlementLine['kind']> = {
  PAYMENT: 'payment',
  REFUND: 'refund',
  CHARGEBACK: 'chargeback',
  CHARGEBACK_REVERSAL: 'chargeback_reversal',
  PAYOUT: 'payout',
};
const RECORD_TYPES = Object.fromEntries(Object.entries(KINDS).map(([type, kind]) => [kind, type]));

/** The sandbox acquirer's own daily settlement report (docs/decisions.md, issue 34). */
export const sandboxFormat: SettlementFormat = {
  key: 'sandbox',
  header: [
    'record_type',
    'batch_number',
    'settlement_date',
    'acquirer_reference',
    'merchant_reference',
    'transaction_date',
    'currency',
    'gross_amount',
    'interchange',
    'scheme_fee',
    'markup',
    'net_amount',
  ],
  read: (r) => {
    const kind = KINDS[(r.record_type ?? '').trim().toUpperCase()];
    if (!kind) return { error: `record_type: unknown "${r.record_type ?? ''}"` };
    const settledOn = day(r.settlement_date);
    if (!settledOn) return { error: 'settlement_date: not a date (YYYY-MM-DD)' };
    const currency = (r.currency ?? '').trim().toUpperCase();
    if (!CURRENCY.test(currency)) return { error: 'currency: not a currency code' };
    const amounts = ['gross_amount', 'interchange', 'scheme_fee', 'markup', 'net_amount'].map((name) => [
      name,
      minorUnits(r[name]),
    ]) as [string, number | undefined][];
    const bad = amounts.find(([, value]) => value === undefined);
    if (bad) return { error: `${bad[0]}: not an amount` };
    const [amount, interchange, schemeFee, markup, net] = amounts.map(([, value]) => value as number);
    // Only a payout is negative: a day whose refunds and chargebacks outweigh its payments.
    if (amount < 0 && kind !== 'payout') return { error: 'gross_amount: negative' };
    const acquirerReference = (r.acquirer_reference ?? '').trim() || null;
    const merchantReference = (r.merchant_reference ?? '').trim() || null;
    if (kind !== 'payout' && !acquirerReference && !merchantReference)
      return { error: 'acquirer_reference: neither an acquirer nor a merchant reference' };
    const bookedOn = (r.transaction_date ?? '').trim() ? day(r.transaction_date) : null;
    if (bookedOn === undefined) return { error: 'transaction_date: not a date (YYYY-MM-DD)' };
    return {
      kind,
      batch: (r.batch_number ?? '').trim(),
      settledOn,
      acquirerReference,
      merchantReference,
      bookedOn,
      currency,
      amount,
      interchange,
      schemeFee,
      markup,
      net,
    };
  },
  write: (line) => ({
    record_type: RECORD_TYPES[line.kind],
    batch_number: line.batch,
    settlement_date: line.settledOn,
    acquirer_reference: line.acquirerReference ?? '',
    merchant_reference: line.merchantReference ?? '',
    transaction_date: line.bookedOn ?? '',
    currency: line.currency,
    gross_amount: decimal(line.amount),
    interchange: decimal(line.interchange),
    scheme_fee: decimal(line.schemeFee),
    markup: decimal(line.markup),
    net_amount: decimal(line.net),
  }),
};
