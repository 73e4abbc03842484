import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { ZAnsweredAmount } from '../money.ts';
import { isRealDay } from './finance.ts';

/** The provider's reports/daily and reports/monthly: the same screen and call with a category (payments.md §2). */
export const PROVIDER_REPORT_CATEGORIES = ['daily', 'monthly'] as const;
export type ProviderReportCategory = (typeof PROVIDER_REPORT_CATEGORIES)[number];
/** The longest range one report answers: a year of days, three years of months. */
export const PROVIDER_REPORT_MAX = { daily: 366, monthly: 36 } as const;

const day = z.string().refine(isRealDay, coded('invalidDate', 'Enter a date (YYYY-MM-DD)'));
const month = z
  .string()
  .refine((value) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value), coded('invalidDate', 'Enter a month (YYYY-MM)'));
const id = z.string().min(1).max(64);

/** `GET psp/report/{category}`: days (`day>`, `day<`) for daily, months (`month>`, `month<`) for monthly, both inclusive; optionally one merchant. */
export const ZProviderReportQuery = z
  .object({
    'day>': day.optional(),
    'day<': day.optional(),
    'month>': month.optional(),
    'month<': month.optional(),
    organisation: id.optional(),
  })
  .strict();
export type TProviderReportQuery = z.infer<typeof ZProviderReportQuery>;

/** Counts and sums of amounts: answered whatever is stored (money.ts). */
const figure = ZAnsweredAmount;
/** What a period's money looks like: attempts, captured payments, processed refunds and lost chargebacks. */
export const ZPeriodFigures = z.object({
  count: figure,
  captured_count: figure,
  captured_volume: figure,
  refund_count: figure,
  refund_volume: figure,
  chargeback_count: figure,
  chargeback_volume: figure,
});
export type TPeriodFigures = z.infer<typeof ZPeriodFigures>;

/** One merchant in one period and currency (UTC days; months of UTC days). */
export const ZProviderReportRow = ZPeriodFigures.extend({
  period: z.string(),
  merchant: z.object({ id: z.string(), name: z.string() }),
  currency_code: z.string(),
});
export type TProviderReportRow = z.infer<typeof ZProviderReportRow>;

/** `GET report/combined`: a range of UTC days (default the last 28), optionally one (sub-)organisation. */
export const ZCombinedReportQuery = z
  .object({ 'day>': day.optional(), 'day<': day.optional(), organisation: id.optional() })
  .strict();
export type TCombinedReportQuery = z.infer<typeof ZCombinedReportQuery>;

/** Settlements whose period starts in the range: the parts of what was paid out (outgoing parts positive, amount signed). */
export const ZCombinedSettlement = z.object({
  count: figure,
  transaction_count: figure,
  gross: figure,
  refunded: figure,
  chargebacks: figure,
  fee: figure,
  reserve: figure,
  one_offs: figure,
  amount: figure,
  paid_out: figure,
});
export type TCombinedSettlement = z.infer<typeof ZCombinedSettlement>;

/** The combined report of one currency: what was processed, per payment product, and what was settled (null without the collecting feature). */
export const ZCombinedCurrency = z.object({
  currency_code: z.string(),
  totals: ZPeriodFigures,
  products: z.array(ZPeriodFigures.extend({ payment_product: z.string() })),
  settlement: ZCombinedSettlement.nullable(),
});
export const ZCombinedReport = z.object({
  from: z.string(),
  to: z.string(),
  collecting: z.boolean(),
  currencies: z.array(ZCombinedCurrency),
});
export type TCombinedReport = z.infer<typeof ZCombinedReport>;
export type TCombinedCurrency = z.infer<typeof ZCombinedCurrency>;
