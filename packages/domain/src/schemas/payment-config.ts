import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { updateSchema } from './update-schema.ts';
import { PAYMENT_PRODUCTS } from '../statuses.ts';
import { secret } from './secret.ts';
import { withoutCredentials } from './webhooks.ts';

/** The API's English messages of the payment-profile and processor refusals (risk-config.md §5, §8). */
export const PAYMENT_CONFIG_MESSAGES = {
  unroutable: 'This processor will result in unroutable transactions',
  notActivated: 'One or more necessary processors are not activated for this payment profile.',
} as const;

/** The base currency: the default of a new payment profile (risk-config.md §9). */
export const BASE_CURRENCY = 'EUR';

const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value) as z.output<T> | null);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const httpUrl = z.url({ protocol: /^https?$/, error: 'An address starts with https:// or http://' }).max(2000);
const webhookUrl = withoutCredentials(httpUrl);
const id = z.string().min(1).max(64);

const profileFields = {
  name: requiredText(200),
  display_name: requiredText(200),
  organisation: requiredText(64),
  website: emptyToNull(httpUrl),
  description: emptyToNull(z.string().max(2000)),
  currency_code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => /^[A-Z]{3}$/.test(value), coded('invalidCurrency', 'Enter a currency code of three capitals'))
    .default(BASE_CURRENCY),
  processors: z.array(id).max(100).default([]),
  middleware: z.array(id).max(100).default([]),
  intelligent_routing: z.boolean().default(false),
  /** Payment product → routing id (the routing screens make them); null or absent = no routing. */
  routing: z.partialRecord(z.enum(PAYMENT_PRODUCTS), id.nullable()).default({}),
  /** One of the merchant's bank accounts (Settings → Bank accounts) that this profile's settlements are paid out to. */
  bank_account: emptyToNull(id),
  webhook_transaction_update: emptyToNull(webhookUrl),
  webhook_refund_update: emptyToNull(webhookUrl),
  webhook_chargeback_update: emptyToNull(webhookUrl),
  /** Test mode (issue 38): where test-mode webhooks go instead of the URL above; empty = the same URL. */
  test_webhook_transaction_update: emptyToNull(webhookUrl),
  test_webhook_refund_update: emptyToNull(webhookUrl),
  test_webhook_chargeback_update: emptyToNull(webhookUrl),
  webhook_failed_email: emptyToNull(z.email().max(254)),
};

export const ZPaymentProfileCreate = z.object(profileFields).strict();
export type TPaymentProfileCreate = z.input<typeof ZPaymentProfileCreate>;
/** Updating: only the fields sent change; the organisation of an existing profile never does. */
export const ZPaymentProfileUpdate = updateSchema(profileFields).omit({ organisation: true }).strict();
export type TPaymentProfileUpdate = z.input<typeof ZPaymentProfileUpdate>;

export const PROCESSOR_TYPES = ['processor', 'processorsettlement'] as const;

/** A credential of a processor: the value is write-only (encrypted at rest, never sent back in full). */
export const ZProcessorDetailInput = z.object({
  name: requiredText(100),
  description: emptyToNull(z.string().max(500)),
  /** Empty on an update keeps the stored value of the detail with this name. */
  value: secret(z.string().max(4000)).optional(),
});

const processorFields = {
  name: requiredText(200),
  organisation: requiredText(64),
  description: requiredText(2000),
  type: z.enum(PROCESSOR_TYPES),
  gateway: z.string().trim().max(100).default('direct'),
  payment_product: emptyToNull(z.enum(PAYMENT_PRODUCTS)),
  provider: requiredText(100),
  processor_settlement_type: emptyToNull(z.string().trim().max(100)),
  user: requiredText(200),
  active: z.boolean().default(true),
  details: z.array(ZProcessorDetailInput).min(1, 'processors.detailRequired').max(50),
};

const typeRules = (
  value: { type?: string; payment_product?: string | null; processor_settlement_type?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (value.type === 'processor' && !value.payment_product)
    ctx.addIssue({ code: 'custom', path: ['payment_product'], ...coded('required', 'This field is required') });
  if (value.type === 'processorsettlement' && !value.processor_settlement_type)
    ctx.addIssue({
      code: 'custom',
      path: ['processor_settlement_type'],
      ...coded('required', 'This field is required'),
    });
};

/** A processor or processor settlement (risk-config.md §3 "Processor or processor-settlement form", §5). */
export const ZProcessorCreate = z.object(processorFields).strict().superRefine(typeRules);
export type TProcessorCreate = z.input<typeof ZProcessorCreate>;
export const ZProcessorUpdate = updateSchema(processorFields).omit({ organisation: true, type: true }).strict();

/**
 * `POST /v1/processor/{id}/values`: the processor as seen from a merchant's context (risk-config.md
 * §5, §6) changes only the values of detail rows it already has, named by `name`; an empty value
 * keeps the stored one. Rows are not added, removed or renamed here, and nothing else changes.
 */
export const ZProcessorValues = z
  .object({
    details: z
      .array(z.object({ name: requiredText(100), value: secret(z.string().max(4000)).optional() }).strict())
      .min(1, 'processors.detailRequired')
      .max(50),
  })
  .strict();
export type TProcessorValues = z.input<typeof ZProcessorValues>;
export type TProcessorUpdate = z.input<typeof ZProcessorUpdate>;

/** A stored detail as the API answers it: the value only as a hint. */
export const ZProcessorDetail = z.object({
  name: z.string(),
  description: z.string().nullable(),
  value_hint: z.string().nullable(),
});
export type TProcessorDetail = z.infer<typeof ZProcessorDetail>;

export const ZMiddlewareCreate = z
  .object({ name: requiredText(200), provider: requiredText(100), organisation: requiredText(64) })
  .strict();
export type TMiddlewareCreate = z.input<typeof ZMiddlewareCreate>;
export const ZMiddlewareUpdate = updateSchema(ZMiddlewareCreate.shape).omit({ organisation: true }).strict();
export type TMiddlewareUpdate = z.input<typeof ZMiddlewareUpdate>;
