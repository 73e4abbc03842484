import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../money.ts';
import { updateSchema } from './update-schema.ts';

/**
 * The provider's per-merchant configuration (risk-config.md §2.13 "merchant-configuration",
 * PSP_ALL): what a PSP decides for each merchant at onboarding and reviews later. The spec names
 * no fields; see docs/decisions.md.
 */
export const MERCHANT_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const THREE_DS_POLICIES = ['rulesets', 'always'] as const;
export const MAX_SETTLEMENT_DELAY_DAYS = 30;
export const MAX_RESERVE_DAYS = 365;

const amount = z
  .number()
  .int('An amount is a whole number of cents')
  .min(1, 'An amount is at least 1 cent')
  .max(MAX_AMOUNT_MINOR, 'The amount is too large');
const wholeDays = (max: number) =>
  z.number().int('A number of whole days').min(0, 'A number of whole days').max(max, 'Too many days');

const fields = {
  mcc: z.union([z.null(), z.string().regex(/^\d{4}$/, 'A merchant category code is four digits')]),
  statement_descriptor: z
    .union([z.null(), z.string().trim().max(22, 'A statement descriptor has at most 22 characters')])
    .transform((value) => value || null),
  risk_level: z.enum(MERCHANT_RISK_LEVELS),
  three_ds_policy: z.enum(THREE_DS_POLICIES),
  max_transaction_amount: amount.nullable(),
  settlement_delay_days: wholeDays(MAX_SETTLEMENT_DELAY_DAYS),
  reserve_percentage: z
    .number()
    .min(0, 'A percentage from 0 to 100 with at most two decimals')
    .max(100, 'A percentage from 0 to 100 with at most two decimals')
    .multipleOf(0.01, 'A percentage from 0 to 100 with at most two decimals'),
  reserve_days: wholeDays(MAX_RESERVE_DAYS),
  refunds_enabled: z.boolean(),
  recurring_enabled: z.boolean(),
  payouts_paused: z.boolean(),
  notes: z.union([z.null(), z.string().max(4000)]).transform((value) => value || null),
  // Issue 36: how long a held payment may wait for a reviewer, and what decides it before its authorisation lapses.
  review_sla_hours: z
    .number()
    .int('Whole hours from 1 to 168')
    .min(1, 'Whole hours from 1 to 168')
    .max(168, 'Whole hours from 1 to 168'),
  review_expiry_policy: z.enum(['decline', 'approve']),
  /** The provider's switch: whether the merchant's own users may decide its held payments (else only provider staff). */
  review_by_merchant: z.boolean(),
};

/** Any subset of the fields; what is not sent keeps its value. */
export const ZMerchantConfigurationUpdate = updateSchema(fields).strict();
export type TMerchantConfigurationUpdate = z.input<typeof ZMerchantConfigurationUpdate>;

export const MERCHANT_CONFIGURATION_DEFAULTS = {
  mcc: null,
  statement_descriptor: null,
  risk_level: 'medium',
  three_ds_policy: 'rulesets',
  max_transaction_amount: null,
  settlement_delay_days: 2,
  reserve_percentage: 0,
  reserve_days: 0,
  refunds_enabled: true,
  recurring_enabled: true,
  payouts_paused: false,
  notes: null,
  review_sla_hours: 4,
  review_expiry_policy: 'decline',
  review_by_merchant: true,
} as const satisfies z.output<z.ZodObject<typeof fields>>;

export const ZMerchantConfiguration = z.object({
  merchant: z.string(),
  merchant_name: z.string(),
  mcc: z.string().nullable(),
  statement_descriptor: z.string().nullable(),
  risk_level: z.enum(MERCHANT_RISK_LEVELS),
  three_ds_policy: z.enum(THREE_DS_POLICIES),
  max_transaction_amount: z.number().nullable(),
  settlement_delay_days: z.number(),
  reserve_percentage: z.number(),
  reserve_days: z.number(),
  refunds_enabled: z.boolean(),
  recurring_enabled: z.boolean(),
  payouts_paused: z.boolean(),
  notes: z.string().nullable(),
  review_sla_hours: z.number(),
  review_expiry_policy: z.enum(['decline', 'approve']),
  review_by_merchant: z.boolean(),
  updated_at: z.union([z.string(), z.date()]).nullable(),
  updated_by: z.string().nullable(),
});
export type TMerchantConfiguration = z.infer<typeof ZMerchantConfiguration>;
