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
  .number({ error: 'form_validation.required' })
  .int('merchantConfiguration.wholeCents')
  .min(1, 'merchantConfiguration.amountPositive')
  .max(MAX_AMOUNT_MINOR, 'merchantConfiguration.amountTooLarge');
const wholeDays = (max: number) =>
  z
    .number({ error: 'form_validation.required' })
    .int('merchantConfiguration.wholeDays')
    .min(0, 'merchantConfiguration.wholeDays')
    .max(max, 'merchantConfiguration.tooManyDays');

const fields = {
  mcc: z.union([z.null(), z.string().regex(/^\d{4}$/, 'merchantConfiguration.invalidMcc')]),
  statement_descriptor: z
    .union([z.null(), z.string().trim().max(22, 'merchantConfiguration.descriptorTooLong')])
    .transform((value) => value || null),
  risk_level: z.enum(MERCHANT_RISK_LEVELS, { error: 'form_validation.required' }),
  three_ds_policy: z.enum(THREE_DS_POLICIES, { error: 'form_validation.required' }),
  max_transaction_amount: amount.nullable(),
  settlement_delay_days: wholeDays(MAX_SETTLEMENT_DELAY_DAYS),
  reserve_percentage: z
    .number({ error: 'form_validation.required' })
    .min(0, 'merchantConfiguration.percentage')
    .max(100, 'merchantConfiguration.percentage')
    .multipleOf(0.01, 'merchantConfiguration.percentage'),
  reserve_days: wholeDays(MAX_RESERVE_DAYS),
  refunds_enabled: z.boolean(),
  recurring_enabled: z.boolean(),
  payouts_paused: z.boolean(),
  notes: z.union([z.null(), z.string().max(4000)]).transform((value) => value || null),
  // Issue 36: how long a held payment may wait for a reviewer, and what decides it before its authorisation lapses.
  review_sla_hours: z
    .number({ error: 'form_validation.required' })
    .int('merchantConfiguration.reviewSlaHours')
    .min(1, 'merchantConfiguration.reviewSlaHours')
    .max(168, 'merchantConfiguration.reviewSlaHours'),
  review_expiry_policy: z.enum(['decline', 'approve'], { error: 'form_validation.required' }),
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
