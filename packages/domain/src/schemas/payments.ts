import { z } from 'zod';
import { PAYMENT_PRODUCTS, RECURRING_TYPES } from '../statuses.ts';

/** An amount in minor units (cents): a positive whole number. */
export const ZPositiveMinorUnits = z
  .number({ error: 'Enter an amount in minor units (cents)' })
  .int({ error: 'The amount must be a whole number of minor units (cents)' })
  .positive({ error: 'The amount must be greater than 0' })
  .max(Number.MAX_SAFE_INTEGER);

const ZId = z.string().trim().min(1).max(64);
const ZReason = z.string().trim().max(500).nullish();

/** Body of `POST /v1/transaction/{id}/refund`. */
export const ZTransactionRefundBody = z.object({ amount: ZPositiveMinorUnits, reason: ZReason });
export type TTransactionRefundBody = z.infer<typeof ZTransactionRefundBody>;

/** Body of `POST /v1/refund` (the Add refund form of the refunds screen). */
export const ZRefundCreateBody = ZTransactionRefundBody.extend({ transaction: ZId });
export type TRefundCreateBody = z.infer<typeof ZRefundCreateBody>;

/** Body of `POST /v1/transaction`: a payment handed to the processor of the profile. */
export const ZTransactionCreateBody = z.object({
  payment_profile: ZId,
  amount: ZPositiveMinorUnits,
  payment_product_type: z.enum(PAYMENT_PRODUCTS),
  merchant_reference: z.string().trim().min(1).max(128),
  customer: ZId.nullish(),
  description: z.string().trim().max(500).nullish(),
  recurring_type: z.enum(RECURRING_TYPES).optional(),
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
