import { z } from 'zod';
import { MAX_AMOUNT_MINOR, ZAnsweredAmount } from '../money.ts';
import { updateSchema } from './update-schema.ts';
import { CARD_BRANDS, PAYMENT_PRODUCTS } from '../statuses.ts';
import { coded } from '../issue-codes.ts';

/** Pricing scheme types (payments.md §9), one route each. */
export const PRICING_SCHEME_TYPES = ['revenue', 'cost', 'reserve', 'partner'] as const;
export type PricingSchemeType = (typeof PRICING_SCHEME_TYPES)[number];
/** Where the paying card or account comes from, seen from the merchant's country. */
export const PRICING_REGIONS = ['domestic', 'eea', 'international'] as const;
export type PricingRegion = (typeof PRICING_REGIONS)[number];
export const SETTLEMENT_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type SettlementInterval = (typeof SETTLEMENT_INTERVALS)[number];
export const SETTLEMENT_ITEM_KINDS = [
  'payment',
  'refund',
  'chargeback',
  'one_off',
  'reserve',
  'reserve_release',
  'carry_over',
] as const;
/** Statuses of an engine settlement: paid out, payout scheduled, or carried into the next settlement (below the minimum payout, or negative). */
export const SETTLEMENT_STATUSES = ['PAID', 'PENDING', 'CARRIED'] as const;
export type SettlementItemKind = (typeof SETTLEMENT_ITEM_KINDS)[number];

/** The largest amount in minor units a finance form accepts: the business cap on every amount. */
export const FINANCE_MAX_AMOUNT = MAX_AMOUNT_MINOR;
/** 100 % in basis points. */
export const FULL_BASIS_POINTS = 10_000;

/** English messages for integrators; every refusal also carries its code (the web shows `errors.<code>`). */
const m = {
  required: 'This field is required',
  wholeMinor: 'Enter a whole number of minor units',
  basisPoints: 'Enter basis points from 0 to 10000',
  minAboveMax: 'The minimum is above the maximum',
  dateOrder: 'The end is before the start',
  currency: 'Enter a currency code of three capitals (EUR)',
  date: 'Enter a date (YYYY-MM-DD)',
  nonZero: 'The amount cannot be 0',
  reserveNeeded: 'A reserve needs a percentage and a release period',
} as const;

const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value) as z.output<T> | null);

const text = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max);
const id = z.string({ error: m.required }).trim().min(1, m.required).max(64);
const minor = (min = 0) =>
  z.number({ error: m.wholeMinor }).int(m.wholeMinor).min(min, m.wholeMinor).max(FINANCE_MAX_AMOUNT, m.wholeMinor);
const basisPoints = z
  .number({ error: m.basisPoints })
  .int(m.basisPoints)
  .min(0, m.basisPoints)
  .max(FULL_BASIS_POINTS, m.basisPoints);
const currency = z
  .string({ error: m.required })
  .trim()
  .toUpperCase()
  .refine((value) => /^[A-Z]{3}$/.test(value), coded('invalidCurrency', m.currency));
/** True for a real calendar day written `YYYY-MM-DD`. */
export const isRealDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};
const isoDate = z.string({ error: m.date }).refine(isRealDay, coded('invalidDate', m.date));

/**
 * One fee rule: applies to payments matching every criterion it names (empty = any). The most
 * specific matching rule wins, ties go to the first. Fee = fixed + amount × percentage_bp / 10 000
 * rounded half up to a whole minor unit, then kept between minimum and maximum.
 */
export const ZFeeRule = z
  .object({
    payment_product: emptyToNull(z.enum(PAYMENT_PRODUCTS)),
    card_brand: emptyToNull(z.enum(CARD_BRANDS)),
    region: emptyToNull(z.enum(PRICING_REGIONS)),
    currency_code: emptyToNull(currency),
    fixed: minor().default(0),
    percentage_bp: basisPoints.default(0),
    minimum: minor().default(0),
    maximum: emptyToNull(minor()),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.maximum !== null && rule.maximum < rule.minimum)
      ctx.addIssue({ code: 'custom', path: ['maximum'], ...coded('minimumAboveMaximum', m.minAboveMax) });
  });
export type TFeeRule = z.output<typeof ZFeeRule>;

const schemeFields = {
  name: text(200),
  description: emptyToNull(z.string().max(2000)),
  currency_code: currency.default('EUR'),
  active: z.boolean().default(true),
  visible: z.boolean().default(true),
  valid_from: emptyToNull(isoDate),
  valid_to: emptyToNull(isoDate),
  reserve_bp: emptyToNull(basisPoints),
  reserve_days: emptyToNull(
    z.number({ error: m.wholeMinor }).int(m.wholeMinor).min(0, m.wholeMinor).max(730, m.wholeMinor),
  ),
  rules: z.array(ZFeeRule).max(200).default([]),
};

type SchemeDates = { valid_from?: string | null; valid_to?: string | null };
const refineDates = (scheme: SchemeDates, ctx: z.RefinementCtx) => {
  if (scheme.valid_from && scheme.valid_to && scheme.valid_to < scheme.valid_from)
    ctx.addIssue({ code: 'custom', path: ['valid_to'], ...coded('endBeforeStart', m.dateOrder) });
};

/** Create a pricing scheme; the type comes from the route (`pricing/{type}`), a reserve scheme needs `reserve_bp`. */
export const ZPricingSchemeCreate = z.object(schemeFields).strict().superRefine(refineDates);
export type TPricingSchemeCreate = z.input<typeof ZPricingSchemeCreate>;
/** Edit a pricing scheme: any subset of its fields; the type never changes. */
export const ZPricingSchemeUpdate = updateSchema(schemeFields).strict();
export type TPricingSchemeUpdate = z.input<typeof ZPricingSchemeUpdate>;

/** A package: the schemes a merchant is priced with. */
export const ZPackageCreate = z
  .object({
    name: text(200),
    description: emptyToNull(z.string().max(2000)),
    active: z.boolean().default(true),
    revenue_scheme: emptyToNull(id),
    cost_scheme: emptyToNull(id),
    reserve_scheme: emptyToNull(id),
    partner_scheme: emptyToNull(id),
  })
  .strict();
export type TPackageCreate = z.input<typeof ZPackageCreate>;
export const ZPackageUpdate = updateSchema(ZPackageCreate.shape).strict();
export type TPackageUpdate = z.input<typeof ZPackageUpdate>;

/** A settlement schedule: how periods are cut (UTC) and how many days after a period closes the payout is made. */
export const ZSettlementScheduleCreate = z
  .object({
    name: text(200),
    interval: z.enum(SETTLEMENT_INTERVALS, { error: m.required }),
    payout_delay_days: z
      .number({ error: m.wholeMinor })
      .int(m.wholeMinor)
      .min(0, m.wholeMinor)
      .max(60, m.wholeMinor)
      .default(2),
    minimum_payout: minor().default(0),
    active: z.boolean().default(true),
  })
  .strict();
export type TSettlementScheduleCreate = z.input<typeof ZSettlementScheduleCreate>;
export const ZSettlementScheduleUpdate = updateSchema(ZSettlementScheduleCreate.shape).strict();
export type TSettlementScheduleUpdate = z.input<typeof ZSettlementScheduleUpdate>;

/** A merchant's settlement profile: its package, schedule and payout account for one currency. */
export const ZSettlementProfileCreate = z
  .object({
    organisation: emptyToNull(id),
    package: id,
    settlement_schedule: id,
    bank_account: id,
    currency_code: currency.default('EUR'),
    effective_from: isoDate,
    active: z.boolean().default(true),
  })
  .strict();
export type TSettlementProfileCreate = z.input<typeof ZSettlementProfileCreate>;
export const ZSettlementProfileUpdate = updateSchema(ZSettlementProfileCreate.shape)
  .omit({ organisation: true, currency_code: true })
  .strict();
export type TSettlementProfileUpdate = z.input<typeof ZSettlementProfileUpdate>;

/** A one-off: a signed amount (credit or debit) settled once with the merchant's next settlement. */
export const ZOneOffCreate = z
  .object({
    organisation: emptyToNull(id),
    description: text(500),
    amount: z
      .number({ error: m.wholeMinor })
      .int(m.wholeMinor)
      .min(-FINANCE_MAX_AMOUNT, m.wholeMinor)
      .max(FINANCE_MAX_AMOUNT, m.wholeMinor)
      .refine((value) => value !== 0, coded('nonZero', m.nonZero)),
    currency_code: currency.default('EUR'),
    effective_date: isoDate,
  })
  .strict();
export type TOneOffCreate = z.input<typeof ZOneOffCreate>;
export const ZOneOffUpdate = updateSchema(ZOneOffCreate.shape).omit({ organisation: true }).strict();
export type TOneOffUpdate = z.input<typeof ZOneOffUpdate>;

/** Run settlement now for one merchant (or every merchant) up to a moment. */
export const ZSettlementRun = z
  .object({
    organisation: emptyToNull(id),
    until: emptyToNull(z.iso.datetime({ offset: true })),
  })
  .strict();
export type TSettlementRun = z.input<typeof ZSettlementRun>;

/** What a settlement run did. */
export const ZSettlementRunResult = z.object({ settlements: z.array(z.string()), periods: z.number().int() });
export type TSettlementRunResult = z.infer<typeof ZSettlementRunResult>;

/** Percentage of `amount` in basis points, rounded half up to a whole minor unit (amount ≥ 0). */
export const basisPointsOf = (amount: number, bp: number): number =>
  Number((BigInt(amount) * BigInt(bp) + 5000n) / 10000n);

/** The fee of one payment under a list of rules: the most specific matching rule, ties to the first; 0 when none matches. */
export const feeOf = (
  payment: {
    amount: number;
    payment_product: string;
    card_brand: string | null;
    region: PricingRegion;
    currency_code: string;
  },
  rules: readonly TFeeRule[],
): number => {
  let best: TFeeRule | null = null;
  let bestScore = -1;
  for (const rule of rules) {
    if (rule.payment_product !== null && rule.payment_product !== payment.payment_product) continue;
    if (rule.card_brand !== null && rule.card_brand !== payment.card_brand) continue;
    if (rule.region !== null && rule.region !== payment.region) continue;
    if (rule.currency_code !== null && rule.currency_code !== payment.currency_code) continue;
    const score = [rule.payment_product, rule.card_brand, rule.region, rule.currency_code].filter(
      (v) => v !== null,
    ).length;
    if (score > bestScore) {
      best = rule;
      bestScore = score;
    }
  }
  if (!best) return 0;
  const raw = best.fixed + basisPointsOf(payment.amount, best.percentage_bp);
  return Math.min(Math.max(raw, best.minimum), best.maximum ?? Number.MAX_SAFE_INTEGER);
};

/** EEA countries (ISO 3166 alpha-2) for the `eea` region; the merchant's own country is `domestic`. */
export const EEA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
] as const;

/** The region of a payment seen from the merchant's country. */
export const regionOf = (country: string | null, home: string | null): PricingRegion => {
  if (country && home && country === home) return 'domestic';
  if (country && (EEA_COUNTRIES as readonly string[]).includes(country)) return 'eea';
  return 'international';
};

/** `GET report/daily`: a range of UTC days (default the last 28). */
export const ZDailyReportQuery = z
  .object({
    'day>': z.string().refine(isRealDay, coded('invalidDate', m.date)).optional(),
    'day<': z.string().refine(isRealDay, coded('invalidDate', m.date)).optional(),
    organisation: z.string().min(1).max(64).optional(),
  })
  .strict();
/** One day of the daily report, from the transaction rollup: all attempts, and the captured ones with their volume. */
export const ZDailyReportRow = z.object({
  day: z.string(),
  currency_code: z.string(),
  count: z.number().int(),
  captured_count: z.number().int(),
  captured_volume: ZAnsweredAmount,
});
export type TDailyReportRow = z.infer<typeof ZDailyReportRow>;
