import { CURRENCY, day, decimal, minorUnits, type SettlementFormat, type SettlementLine } from './format.ts';

/**
 * A layout modelled on Adyen's published "Settlement details report" (docs/decisions.md, issue
 * 34): one record per booking, gross amounts as debit/credit in the gross currency, net amounts
 * and the fees (commission, markup, scheme fees, interchange) in the net currency, a batch number,
 * and a `MerchantPayout` record per batch.
 */
const TYPES: Record<string, SettlementLine['kind']> = {
  Settled: 'payment',
  Refunded: 'refund',
  Chargeback: 'chargeback',
  ChargebackReversed: 'chargeback_reversal',
  MerchantPayout: 'payout',
};
const TYPE_OF = Object.fromEntries(Object.entries(TYPES).map(([type, kind]) => [kind, type]));
/** Kinds whose gross is a debit (money leaving the merchant). */
/** The amount columns, in the order `read` takes them. */
const AMOUNT_COLUMNS = [
  'Gross Debit (GC)',
  'Gross Credit (GC)',
  'Net Debit (NC)',
  'Net Credit (NC)',
  'Commission (NC)',
  'Markup (NC)',
  'Scheme Fees (NC)',
  'Interchange (NC)',
] as const;
const DEBITS = new Set<SettlementLine['kind']>(['refund', 'chargeback', 'payout']);

export const settlementDetailsFormat: SettlementFormat = {
  key: 'settlement_details',
  header: [
    'Company Account',
    'Merchant Account',
    'Psp Reference',
    'Merchant Reference',
    'Payment Method',
    'Creation Date',
    'TimeZone',
    'Type',
    'Modification Reference',
    'Gross Currency',
    ...AMOUNT_COLUMNS.slice(0, 2),
    'Exchange Rate',
    'Net Currency',
    ...AMOUNT_COLUMNS.slice(2),
    'Payment Method Variant',
    'Modification Merchant Reference',
    'Batch Number',
  ],
  read: (r) => {
    const kind = TYPES[(r.Type ?? '').trim()];
    if (!kind) return { error: `Type: unknown "${r.Type ?? ''}"` };
    const settledOn = day(r['Creation Date']);
    if (!settledOn) return { error: 'Creation Date: not a date (YYYY-MM-DD hh:mm:ss)' };
    const currency = (r['Gross Currency'] || r['Net Currency'] || '').trim().toUpperCase();
    if (!CURRENCY.test(currency)) return { error: 'Gross Currency: not a currency code' };
    const names = AMOUNT_COLUMNS;
    const values = names.map((name) => minorUnits(r[name]));
    const bad = values.findIndex((value) => value === undefined || value < 0);
    if (bad >= 0) return { error: `${names[bad]}: not an amount` };
    const [grossDebit, grossCredit, netDebit, netCredit, commission, markup, schemeFee, interchange] =
      values as number[];
    const acquirerReference = (r['Psp Reference'] ?? '').trim() || null;
    const merchantReference = (r['Merchant Reference'] ?? '').trim() || null;
    if (kind !== 'payout' && !acquirerReference && !merchantReference)
      return { error: 'Psp Reference: neither a PSP nor a merchant reference' };
    return {
      kind,
      batch: (r['Batch Number'] ?? '').trim(),
      settledOn,
      acquirerReference,
      merchantReference,
      bookedOn: null,
      currency,
      // A day whose refunds and chargebacks outweigh its payments pays out less than nothing: a Net Credit.
      amount: kind === 'payout' ? netDebit - netCredit : DEBITS.has(kind) ? grossDebit : grossCredit,
      interchange,
      schemeFee,
      markup: markup + commission,
      net: kind === 'payout' ? netDebit - netCredit : netCredit - netDebit,
    };
  },
  write: (line) => {
    const debit = DEBITS.has(line.kind);
    const payout = line.kind === 'payout';
    return {
      'Company Account': 'KassaPSP',
      'Merchant Account': 'KassaPSP_Sandbox',
      'Psp Reference': line.acquirerReference ?? '',
      'Merchant Reference': line.merchantReference ?? '',
      'Payment Method': payout ? '' : 'visa',
      'Creation Date': `${line.settledOn} 06:00:00`,
      TimeZone: 'UTC',
      Type: TYPE_OF[line.kind],
      'Modification Reference': line.acquirerReference ?? '',
      'Gross Currency': line.currency,
      'Gross Debit (GC)': !payout && debit ? decimal(line.amount) : '',
      'Gross Credit (GC)': !payout && !debit ? decimal(line.amount) : '',
      'Exchange Rate': '1',
      'Net Currency': line.currency,
      'Net Debit (NC)': payout
        ? line.amount >= 0
          ? decimal(line.amount)
          : ''
        : line.net < 0
          ? decimal(-line.net)
          : '',
      'Net Credit (NC)': payout
        ? line.amount < 0
          ? decimal(-line.amount)
          : ''
        : line.net >= 0
          ? decimal(line.net)
          : '',
      'Commission (NC)': '',
      'Markup (NC)': decimal(line.markup),
      'Scheme Fees (NC)': decimal(line.schemeFee),
      'Interchange (NC)': decimal(line.interchange),
      'Payment Method Variant': payout ? '' : 'visacredit',
      'Modification Merchant Reference': '',
      'Batch Number': line.batch,
    };
  },
};
