import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { ZAnsweredAmount } from '../money.ts';
import { PAYMENT_PRODUCTS } from '../statuses.ts';

/** Day, week and month boundaries of statistics for a user whose profile names no other time zone (docs/decisions.md). */
export const STATISTICS_TIME_ZONE = 'Europe/Amsterdam';

/** Whether this runtime (browser or server) knows an IANA time zone by this name. */
export const isTimeZone = (name: string) => {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};
/** A user's time zone: an IANA name such as Europe/Amsterdam or America/New_York. */
export const ZTimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, coded('invalidTimeZone', 'Choose an existing time zone'));
export const STATISTICS_PERIODS = ['day', 'week', 'month'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const TRANSACTION_GROUP_BY = ['status', 'payment_product_type', 'processor', 'currency_code'] as const;
/**
 * Money statistics are answered in one currency: `currency_code`, or EUR (the spec's default
 * currency) when absent. Amounts in different currencies are never added together.
 */
export const STATISTICS_DEFAULT_CURRENCY = 'EUR';
/** The lifecycle diagram's nodes (payments.md §4), in the order they are drawn. */
export const LIFECYCLE_STATUSES = [
  'INITIATED',
  'AUTHORIZED',
  'PENDING',
  'AUTHORIZATION_VOIDED',
  'CANCELLED',
  'ABANDONED',
  'SETTLEMENT_REQUESTED',
  'DECLINED',
  'UNKNOWN',
  'FAILED',
  'SETTLEMENT_COMPLETED',
] as const;
/** The statuses processor compare shows (payments.md §9). */
export const COMPARE_STATUSES = [
  'AUTHORIZED',
  'SETTLEMENT_REQUESTED',
  'SETTLEMENT_COMPLETED',
  'DECLINED',
  'FAILED',
  'ABANDONED',
  'CANCELLED',
  'AUTHORIZATION_VOIDED',
] as const;

/** Orders the spec's statistics calls ask for: best customers by count or volume, merchants by amount. */
export const STATISTICS_SORTS = ['-volume', '-count', '-amount'] as const;
/**
 * Outcomes (statistics/outcome): each transaction status belongs to one; a status not listed
 * here counts as `other`. `approved` holds every status of an approved payment, captured or not.
 */
export const TRANSACTION_OUTCOMES = {
  approved: [
    'AUTHORIZED',
    'REAUTHORIZED',
    'SETTLEMENT_REQUESTED',
    'SENT_FOR_SETTLEMENT',
    'SETTLING',
    'SETTLED',
    'SETTLEMENT_COMPLETED',
    'PAID',
  ],
  declined: ['DECLINED', 'PROCESSOR_DECLINED', 'GATEWAY_REJECTED'],
  failed: ['FAILED', 'SETTLEMENT_FAILED', 'SETTLEMENT_DECLINED', 'UNKNOWN'],
  cancelled: [
    'CANCELLED',
    'SETTLEMENT_CANCELLED',
    'AUTHORIZATION_VOIDED',
    'AUTHORIZATION_EXPIRED',
    'VOIDED',
    'ABANDONED',
    'EXPIRED',
  ],
  open: ['INITIATED', 'OPEN', 'IN_PROGRESS', 'PENDING', 'SUBMITTED'],
  chargeback: ['CHARGEBACK'],
} as const;
export type TransactionOutcome = keyof typeof TRANSACTION_OUTCOMES;

const instant = z.iso.datetime({ offset: true, message: 'Expected an ISO date-time, e.g. 2026-01-31T23:00:00Z' });
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]);
const id = z.string().min(1).max(64);
const statusName = z.string().regex(/^[A-Z_]{1,40}$/, 'Expected a status such as SETTLEMENT_COMPLETED');

/** The filters every statistics call accepts; anything else is a 400 naming the key. */
export const ZStatisticsQuery = z
  .object({
    'created_at>': instant.optional(),
    'created_at<': instant.optional(),
    period: z.enum(STATISTICS_PERIODS).optional(),
    status: statusName.optional(),
    'status[]': oneOrMany(statusName).optional(),
    payment_product_type: z.enum(PAYMENT_PRODUCTS).optional(),
    currency_code: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Expected a currency code such as EUR')
      .optional(),
    processor: id.optional(),
    blocked: z.enum(['true', 'false']).optional(),
    organisation: id.optional(),
    group_by: z.enum(TRANSACTION_GROUP_BY).optional(),
    ids: z
      .string()
      .regex(/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, 'Expected ids separated by commas')
      .optional(),
    _limit: z.coerce.number().int().min(1).max(1000).optional(),
    /** Best customers by count or by volume (default); the merchant revenue list's `-amount`. */
    _sort: z.enum(STATISTICS_SORTS).optional(),
    /** The merchant revenue list: only active merchants (the spec sends active=true; false lists inactive ones). */
    active: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type TStatisticsQuery = z.infer<typeof ZStatisticsQuery>;

/** Volumes and amounts are sums: answered whatever is stored (money.ts). */
const money = { volume: ZAnsweredAmount, count: z.number().int() };
export const ZAggregateRow = z.object({ period: z.string(), ...money });
/** `currency_code` names the currency of `volume` (null for customers, which have none). */
export const ZAggregateTotal = z.object({ ...money, periods: z.number().int(), currency_code: z.string().nullable() });
export const ZGroupRow = z.object({ key: z.string(), ...money });
export const ZLifecycleEntry = z.object({
  name: z.string(),
  ...money,
  count_percentage: z.number(),
  volume_percentage: z.number(),
});
export const ZLocationRow = z.object({
  location: z.object({ alpha2: z.string(), alpha3: z.string(), numeric: z.string() }),
  ...money,
});
/** `date` is the ISO weekday (1 Monday … 7 Sunday) and `hour` the local hour (0–23). */
export const ZDayAndTimeCell = z.object({ date: z.number().int(), hour: z.number().int(), ...money });
export const ZDailyAggregate = z.object({ date: z.string(), amount: ZAnsweredAmount, count: z.number().int() });
export const ZToday = z.object({
  amount: ZAnsweredAmount,
  transactions: z.number().int(),
  expected_amount: ZAnsweredAmount,
  currency_code: z.string(),
});
export const ACHIEVEMENT_TYPES = ['transaction', 'customer', 'amount', 'refund'] as const;
export const ZAchievement = z.object({
  type: z.enum(ACHIEVEMENT_TYPES),
  /** Counts, or for `amount` a sum of amounts. */
  last: ZAnsweredAmount,
  previous: ZAnsweredAmount,
});
export const ZRecentActivity = z.object({
  id: z.string(),
  type: z.enum(['transaction', 'blocked', 'refund']),
  status: z.string(),
  amount: ZAnsweredAmount,
  payment_profile: z.object({ currency_code: z.string() }),
  payment_product: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  transaction: z.string(),
  created_at: z.string(),
});
const window24 = z.object({ amount: ZAnsweredAmount, count: z.number().int() });
export const ZProcessorRevenue = z.object({
  id: z.string(),
  name: z.string(),
  payment_product: z.string().nullable(),
  gateway: z.string().nullable(),
  /** `Direct`, or the gateway the processor is reached through (payments.md §3). */
  gatewayLabel: z.string(),
  /** The end of the last-24-hours window (payments.md §3 `until`). */
  until: z.string(),
  last24hours: window24,
  previous24hours: window24,
});
export const ZProcessorCompare = z.object({
  id: z.string(),
  name: z.string(),
  transaction: z.object({
    conversion: z.number(),
    count: z.number().int(),
    amount: ZAnsweredAmount,
    currency_code: z.string(),
    status: z.record(z.string(), z.number().int()),
  }),
});
/**
 * `statistics/currency`: the currency money statistics default to (the one the caller's payment
 * profiles use, EUR when they use it or there are none) and every currency of those profiles.
 */
export const ZStatisticsCurrency = z.object({ currency_code: z.string(), currencies: z.array(z.string()) });
export type TStatisticsCurrency = z.infer<typeof ZStatisticsCurrency>;
export const ZMerchantRevenue = z.object({ id: z.string(), name: z.string(), last24hours: window24 });
export const ZBestCustomer = z.object({
  customer: z.object({
    id: z.string(),
    name: z.string(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country_code: z.string().nullable(),
    status: z.string(),
  }),
  ...money,
});
/** statistics/type: count and volume per period and payment product type. */
export const ZTypePeriodRow = z.object({ period: z.string(), type: z.string(), ...money });
/** {entity}/aggregate/previous: the totals of the range of the same length just before the asked one. */
export const ZPreviousTotal = ZAggregateTotal.extend({ 'created_at>': z.string(), 'created_at<': z.string() });
/** statistics/scheme: per card scheme (brand; `other` for payments without a card). */
export const ZSchemeRow = z.object({ scheme: z.string(), ...money });
/** statistics/platform, browser, issuer, issuer/country: per recorded value (null = unknown) with its share of the count. */
export const ZClientRow = z.object({ value: z.string().nullable(), ...money, count_percentage: z.number() });
/** statistics/dayofweek: per local ISO weekday (1 Monday … 7 Sunday), every weekday listed. */
export const ZDayOfWeekRow = z.object({ date: z.number().int(), ...money });
/** statistics/outcome: per outcome (TRANSACTION_OUTCOMES) with its share of the count. */
export const ZOutcomeRow = z.object({ outcome: z.string(), ...money, count_percentage: z.number() });
export const ZSegmentRow = z.object({ segment: z.string(), count: z.number().int(), percentage: z.number() });
/** RFM segments (customers/rfm), in the order the screen lists them; `none` = not scored yet. */
export const RFM_SEGMENTS = [
  'champions',
  'loyal',
  'potential_loyalists',
  'new',
  'need_attention',
  'at_risk',
  'hibernating',
] as const;
/** A customer without revenue in the window counts as `new` this many days after being created. */
export const RFM_NEW_CUSTOMER_DAYS = 45;
/** A segment with its customers, share and mean R, F and M scores (1–5, 5 best; null when none are scored). */
export const ZRfmRow = ZSegmentRow.extend({
  recency: z.number().nullable(),
  frequency: z.number().nullable(),
  monetary: z.number().nullable(),
  updated_at: z.string().nullable(),
});
export type TRfmRow = z.infer<typeof ZRfmRow>;

export type TAggregateRow = z.infer<typeof ZAggregateRow>;
export type TAggregateTotal = z.infer<typeof ZAggregateTotal>;
export type TGroupRow = z.infer<typeof ZGroupRow>;
export type TLifecycleEntry = z.infer<typeof ZLifecycleEntry>;
export type TLocationRow = z.infer<typeof ZLocationRow>;
export type TDayAndTimeCell = z.infer<typeof ZDayAndTimeCell>;
export type TDailyAggregate = z.infer<typeof ZDailyAggregate>;
export type TToday = z.infer<typeof ZToday>;
export type TAchievement = z.infer<typeof ZAchievement>;
export type TRecentActivity = z.infer<typeof ZRecentActivity>;
export type TProcessorRevenue = z.infer<typeof ZProcessorRevenue>;
export type TProcessorCompare = z.infer<typeof ZProcessorCompare>;
export type TMerchantRevenue = z.infer<typeof ZMerchantRevenue>;
export type TBestCustomer = z.infer<typeof ZBestCustomer>;
export type TSegmentRow = z.infer<typeof ZSegmentRow>;
export type TTypePeriodRow = z.infer<typeof ZTypePeriodRow>;
export type TPreviousTotal = z.infer<typeof ZPreviousTotal>;
export type TSchemeRow = z.infer<typeof ZSchemeRow>;
export type TDayOfWeekRow = z.infer<typeof ZDayOfWeekRow>;
export type TOutcomeRow = z.infer<typeof ZOutcomeRow>;
export type TClientRow = z.infer<typeof ZClientRow>;
