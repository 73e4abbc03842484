import { z } from 'zod';
import { ZAnsweredAmount } from '../money.ts';
import { NUMBER_FORMATS } from './checkout-designs.ts';
import { ZCardNumber } from './payments.ts';
import { PLAN_INTERVALS, SUBSCRIPTION_PAYMENT_PRODUCTS, SUBSCRIPTION_STATUSES } from './recurring.ts';
import { secret } from './secret.ts';

/** The sandbox issuer's one-time code that passes a 3-D Secure challenge; any other code fails it. */
export const SANDBOX_3DS_CODE = '123456';
/** Wrong codes a customer may enter before the challenge fails. */
export const CHALLENGE_MAX_ATTEMPTS = 3;
/** How long the customer has to complete the challenge before the payment fails. */
export const CHALLENGE_TTL_MINUTES = 15;

/** A checkout session's state: open for the challenge, or how it ended. */
export const CHECKOUT_SESSION_STATES = ['open', 'authenticated', 'failed', 'expired'] as const;
export type CheckoutSessionState = (typeof CHECKOUT_SESSION_STATES)[number];

/** The look of the page: the merchant's checkout design, or the defaults. */
export const ZCheckoutPageDesign = z.object({
  background_color: z.string(),
  background_image_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  header_color: z.string(),
  header_text_color: z.string(),
  button_color: z.string(),
  button_text_color: z.string(),
  show_language_switch: z.boolean(),
  number_format: z.enum(NUMBER_FORMATS),
});

/** `GET /v1/checkout/{token}`: what the public hosted checkout page shows, and nothing of any other payment. */
export const ZCheckoutPage = z.object({
  state: z.enum(CHECKOUT_SESSION_STATES),
  merchant_name: z.string(),
  amount: ZAnsweredAmount,
  currency_code: z.string(),
  merchant_reference: z.string(),
  description: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  expires_at: z.string(),
  attempts_left: z.number().int(),
  /** The payment's status; after the challenge, the acquirer's answer. */
  transaction_status: z.string(),
  /** Held for review after the challenge (issue 36): authorised, not yet taken, until a reviewer decides. */
  held: z.boolean(),
  return_url: z.string().nullable(),
  design: ZCheckoutPageDesign,
});
export type TCheckoutPage = z.infer<typeof ZCheckoutPage>;

/** Body of `POST /v1/checkout/{token}/challenge`: the code the customer's bank sent. */
export const ZCheckoutChallengeBody = z.object({
  code: secret(z.string().trim().min(1).max(12)),
});
export type TCheckoutChallengeBody = z.infer<typeof ZCheckoutChallengeBody>;

/** A payment link's page state: payable, paid, past its expiry, switched off by the merchant, or closed after too many failed payments. */
/** `processing`: the payment is held for review (issue 36), neither paid nor refused: nothing more can be paid. */
export const PAYMENT_LINK_PAGE_STATES = ['open', 'processing', 'paid', 'expired', 'inactive', 'blocked'] as const;

/** `GET /v1/pay/{token}`: the public page of a payment link. */
export const ZPaymentLinkPage = z.object({
  state: z.enum(PAYMENT_LINK_PAGE_STATES),
  merchant_name: z.string(),
  amount: ZAnsweredAmount,
  currency_code: z.string(),
  merchant_reference: z.string().nullable(),
  description: z.string().nullable(),
  expires_at: z.string(),
  /** The status of the link's latest payment, if one was tried. */
  transaction_status: z.string().nullable(),
  /** Set when the payment waits for a 3-D Secure challenge: the page to continue on. */
  checkout_url: z.string().nullable(),
  design: ZCheckoutPageDesign,
});
export type TPaymentLinkPage = z.infer<typeof ZPaymentLinkPage>;

/** Body of `POST /v1/pay/{token}`: the customer's (test) card. */
export const ZPaymentLinkPayBody = z.object({ card_number: ZCardNumber });
export type TPaymentLinkPayBody = z.infer<typeof ZPaymentLinkPayBody>;

/** A card-add link's page state: open for a card, the card added, past its expiry, or switched off (cancelled). */
export const CARD_ADD_PAGE_STATES = ['open', 'added', 'expired', 'inactive'] as const;

/** `GET /v1/add-card/{token}`: the public page of a card-add link. */
export const ZCardAddPage = z.object({
  state: z.enum(CARD_ADD_PAGE_STATES),
  merchant_name: z.string(),
  merchant_reference: z.string().nullable(),
  description: z.string().nullable(),
  expires_at: z.string(),
  /** The added card (brand and last four only), once the issuer verified it. */
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  /** The issuer refused the last card tried: the page asks for another. */
  refused: z.boolean(),
  design: ZCheckoutPageDesign,
});
export type TCardAddPage = z.infer<typeof ZCardAddPage>;

/** Body of `POST /v1/add-card/{token}`: the customer's (test) card. */
export const ZCardAddBody = z.object({ card_number: ZCardNumber });
export type TCardAddBody = z.infer<typeof ZCardAddBody>;

/**
 * `GET /v1/subscribe/{token}`: the public page of a subscription (its `subscription_url`): what the
 * customer signed up for and where it stands, and nothing of any other subscription or customer.
 */
export const ZSubscriptionPage = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  merchant_name: z.string(),
  plan_name: z.string(),
  plan_description: z.string(),
  amount: ZAnsweredAmount,
  currency_code: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  interval_count: z.number().int(),
  payment_product: z.enum(SUBSCRIPTION_PAYMENT_PRODUCTS),
  start_date: z.string(),
  /** The next charge: null once the subscription no longer bills (cancelled, completed, expired). */
  next_charge_at: z.string().nullable(),
  /** The cycle billed next (1 for the first), and the last one, if the plan ends. */
  billing_cycle: z.number().int(),
  max_billing_cycle: z.number().int().nullable(),
  last_paid_date: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  design: ZCheckoutPageDesign,
});
export type TSubscriptionPage = z.infer<typeof ZSubscriptionPage>;
