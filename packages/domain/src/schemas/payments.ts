import { z } from 'zod';
import { AMOUNT_TOO_LARGE_MESSAGE, MAX_AMOUNT_MINOR } from '../money.ts';
import { PAYMENT_PRODUCTS, RECURRING_TYPES } from '../statuses.ts';
import { secret } from './secret.ts';

/** An amount in minor units (cents): a positive whole number up to the business cap. */
export const ZPositiveMinorUnits = z
  .number({ error: 'Enter an amount in minor units (cents)' })
  .int({ error: 'The amount must be a whole number of minor units (cents)' })
  .positive({ error: 'The amount must be greater than 0' })
  .max(MAX_AMOUNT_MINOR, { error: AMOUNT_TOO_LARGE_MESSAGE });

const ZId = z.string().trim().min(1).max(64);
const ZReason = z.string().trim().max(500).nullish();

/** Body of `POST /v1/transaction/{id}/refund`. */
export const ZTransactionRefundBody = z
  .object({ amount: ZPositiveMinorUnits, reason: ZReason })
  .meta({ example: { amount: 1250, reason: 'Returned one of two items' } });
export type TTransactionRefundBody = z.infer<typeof ZTransactionRefundBody>;

/** Body of `POST /v1/refund` (the Add refund form of the refunds screen). */
export const ZRefundCreateBody = ZTransactionRefundBody.extend({ transaction: ZId }).meta({
  example: { transaction: 'tx_01jd8z6q3w9x4k2m7n5p0r1s2t', amount: 1250, reason: 'Returned one of two items' },
});
export type TRefundCreateBody = z.infer<typeof ZRefundCreateBody>;

/** Luhn's check digit test, which every card number passes. */
export const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/** A card number; spaces and dashes are allowed between digits and dropped. Only the sandbox accepts one (test cards). */
export const ZCardNumber = secret(
  z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, { error: 'A card number has 12 to 19 digits' })
        .refine(passesLuhn, { error: 'This is not a valid card number (check digit)' }),
    ),
);

/** What the payments engine decided for a transaction, stored with it and shown in its detail. */
export const ZTransactionDecision = z.object({
  /** The rulesets that fired, in the order they were evaluated. */
  rulesets: z.array(
    z.object({ id: z.string(), name: z.string(), action: z.enum(['tag', 'block', '3dSecure', 'review']) }),
  ),
  three_ds_required: z.boolean(),
  /** The routing: the tree (null when the profile has none and the first active processor was taken) and the branches taken. */
  routing: z
    .object({
      routing: z.string().nullable(),
      name: z.string().nullable(),
      version: z.number().int().nullable(),
      path: z.array(z.enum(['then', 'else'])),
      processor: z.string().nullable(),
      fallback: z.boolean(),
    })
    .nullable(),
  /** The acquirer's scheme response code ('00' approved). */
  acquirer: z.object({ code: z.string() }).nullable(),
  /** The 3-D Secure challenge on the hosted checkout page, when a ruleset asked for one. */
  challenge: z.enum(['pending', 'authenticated', 'failed', 'expired']).optional(),
  /** A `review` ruleset held the authorisation for a person (issue 36): held, then approved (captured) or declined (voided). */
  review: z.enum(['held', 'approved', 'declined']).optional(),
});
export type TTransactionDecision = z.infer<typeof ZTransactionDecision>;

/** Body of `POST /v1/transaction`: a payment handed to the processor of the profile. */
export const ZTransactionCreateBody = z.object({
  payment_profile: ZId,
  amount: ZPositiveMinorUnits,
  payment_product_type: z.enum(PAYMENT_PRODUCTS),
  merchant_reference: z.string().trim().min(1).max(128),
  customer: ZId.nullish(),
  description: z.string().trim().max(500).nullish(),
  recurring_type: z.enum(RECURRING_TYPES).optional(),
  card_number: ZCardNumber.optional(),
  three_d_secure: z.boolean().optional(),
  /** Where the hosted checkout page sends the customer back to after a 3-D Secure challenge. */
  return_url: z
    .url({ protocol: /^https?$/, error: 'Give the return URL as an http(s) URL' })
    .max(2000)
    .optional(),
});
export type TTransactionCreateBody = z.infer<typeof ZTransactionCreateBody>;

const ZCurrency = z.string().regex(/^[A-Z]{3}$/, { error: 'A currency is three capital letters (ISO 4217), e.g. EUR' });
const ZExpiry = z.iso.datetime({ offset: true, error: 'Give the expiry as an ISO 8601 date and time' });

/** Body of `POST /v1/payment-link`. Currency defaults to the payment profile's and must match it. */
export const ZPaymentLinkCreateBody = z.object({
  payment_profile: ZId,
  amount: ZPositiveMinorUnits,
  currency: ZCurrency.optional(),
  description: z.string().trim().max(500).nullish(),
  merchant_reference: z.string().trim().max(128).nullish(),
  customer: ZId.nullish(),
  expires_at: ZExpiry.optional(),
});
export type TPaymentLinkCreateBody = z.infer<typeof ZPaymentLinkCreateBody>;

/** Body of `POST /v1/card-add-link`: a link where a customer stores a card for later payments. */
export const ZCardAddLinkCreateBody = z.object({
  payment_profile: ZId,
  customer: ZId,
  description: z.string().trim().max(500).nullish(),
  merchant_reference: z.string().trim().max(128).nullish(),
  expires_at: ZExpiry.optional(),
});
export type TCardAddLinkCreateBody = z.infer<typeof ZCardAddLinkCreateBody>;

/** Links live 30 days unless the creator says otherwise; at most one year. */
export const LINK_DEFAULT_EXPIRY_DAYS = 30;
export const LINK_MAX_EXPIRY_DAYS = 365;
