import { z } from 'zod';

/** A generated report's states (payments.md §3): PENDING while the job writes it, then PROCESSED. */
export const REPORT_STATUSES = ['PENDING', 'PROCESSED'] as const;
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** The transaction columns a report may hold, in the order the form offers them. */
export const REPORT_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'merchant_reference',
  'amount',
  'currency_code',
  'status',
  'status_reason',
  'blocked',
  'payment_product_type',
  'card_brand',
  'recurring_type',
  'country_code',
  'description',
  'refunded_amount',
  'customer',
  'payment_profile',
  'processor',
] as const;
export const REPORT_DEFAULT_COLUMNS = [
  'id',
  'created_at',
  'merchant_reference',
  'amount',
  'currency_code',
  'status',
  'payment_product_type',
] as const;

/**
 * The transaction filters a report keeps: the list's own query keys (status[], created_at>,
 * created_at<, payment_product_type, currency_code, …), checked by the transaction list itself.
 */
const ZReportFilters = z
  .record(z.string().max(60), z.union([z.string().max(200), z.array(z.string().max(200)).max(50)]))
  .default({});

const reportBase = {
  name: z.string().trim().min(1).max(100),
  /** The merchant organisation (required for provider staff; others default to their own). */
  organisation: z.string().min(1).max(64).nullish(),
  filters: ZReportFilters,
  fields: z.array(z.enum(REPORT_COLUMNS)).min(1, 'Choose at least one column').max(REPORT_COLUMNS.length),
};

export const ZReportCreate = z.object(reportBase).strict();
export type TReportCreate = z.infer<typeof ZReportCreate>;

/** Placeholders a schedule's filters may use for the period it reports on. */
export const ZReportScheduleCreate = z
  .object({
    ...reportBase,
    frequency: z.enum(REPORT_FREQUENCIES),
    email: z.email().max(200),
  })
  .strict();
export type TReportScheduleCreate = z.infer<typeof ZReportScheduleCreate>;
