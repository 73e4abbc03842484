import { z } from 'zod';
import type { TTransactionDecision } from '../schemas/payments.ts';
import { json, populated, ZMinorUnits, ZTimestamp, type WireOf } from './row.ts';
import { ZOrganisation, ZPaymentProfile, ZProcessor, ZSettlement } from './settings.ts';

export const ZCustomer = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    email_address: z.string().nullable(),
    first_name: z.string().nullable(),
    /** First and last name as one text (what the name search matches). */
    name: z.string(),
    last_name: z.string().nullable(),
    initials: z.string().nullable(),
    title: z.string().nullable(),
    gender: z.string().nullable(),
    postal_code: z.string().nullable(),
    street_address: z.string().nullable(),
    house_number: z.string().nullable(),
    house_number_suffix: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country_code: z.string().nullable(),
    date_of_birth: ZTimestamp.nullable(),
    fax_number: z.string().nullable(),
    phone_number: z.string().nullable(),
    segment: z.string().nullable(),
    social_security_number: z.string().nullable(),
    status: z.string(),
    status_reason: z.string().nullable(),
    organisation: z.string(),
  })
  .meta({ id: 'Customer' });
/** `GET /v1/customer` rows. */
export const ZCustomerRow = ZCustomer.extend({ organisation: populated(ZOrganisation) }).meta({ id: 'CustomerRow' });
export type TCustomer = WireOf<typeof ZCustomer>;
export type TCustomerRow = WireOf<typeof ZCustomerRow>;

/** One step of a transaction's status history (newest last). */
export type TStatusHistoryEntry = { status: string; at?: string; date?: string; reason?: string | null };

export const ZTransaction = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    merchant_reference: z.string(),
    amount: ZMinorUnits,
    currency_code: z.string(),
    status: z.string(),
    status_reason: z.string().nullable(),
    blocked: z.boolean(),
    payment_product_type: z.string(),
    card_brand: z.string().nullable(),
    card_bin: z.string().nullable(),
    card_last4: z.string().nullable(),
    recurring_type: z.string(),
    tags: z.array(z.string()),
    three_ds: z.boolean(),
    country_code: z.string().nullable(),
    platform: z.string().nullable().meta({
      description:
        "The customer's operating system on Kassa's hosted pages (iOS, Android, Windows, macOS…); null when unknown",
    }),
    browser: z
      .string()
      .nullable()
      .meta({ description: "The customer's browser on Kassa's hosted pages; null when unknown" }),
    issuer: z
      .string()
      .nullable()
      .meta({ description: "The card's issuer by BIN (Kassa's BIN table); null when unknown" }),
    issuer_country: z
      .string()
      .nullable()
      .meta({ description: "The card issuer's country (ISO 3166 alpha-2) by BIN; null when unknown" }),
    description: z.string().nullable(),
    processor_id_external: z.string().nullable(),
    refunded_amount: ZMinorUnits,
    subscription: z.string().nullable(),
    subscription_cycle: z.number().int().nullable(),
    customer: z.string().nullable(),
    payment_profile: z.string(),
    processor: z.string().nullable(),
    organisation: z.string(),
    merchant: z.string(),
    status_history: json<TStatusHistoryEntry[]>('Every status the transaction had, oldest first'),
    decision: json<TTransactionDecision | null>(
      'What the payments engine decided: rulesets that fired, 3-D Secure, routing',
    ),
  })
  .meta({ id: 'Transaction' });
/** `GET /v1/transaction` rows. */
export const ZTransactionRow = ZTransaction.extend({
  customer: populated(ZCustomer).nullable(),
  payment_profile: populated(ZPaymentProfile),
  processor: populated(ZProcessor).nullable(),
  organisation: populated(ZOrganisation),
}).meta({
  id: 'TransactionRow',
  example: {
    id: 'tx_01jd8z6q3w9x4k2m7n5p0r1s2t',
    created_at: '2026-11-20T09:41:12.345Z',
    updated_at: '2026-11-20T09:41:14.001Z',
    merchant_reference: 'order-10045',
    amount: 2500,
    currency_code: 'EUR',
    status: 'SETTLEMENT_COMPLETED',
    status_reason: null,
    blocked: false,
    payment_product_type: 'card',
    card_brand: 'visa',
    card_bin: '411111',
    card_last4: '1111',
    recurring_type: 'none',
    tags: [],
    three_ds: true,
    country_code: 'NL',
    platform: 'iOS',
    browser: 'Safari',
    issuer: 'Sandbox Test Bank',
    issuer_country: 'NL',
    description: 'Two T-shirts',
    processor_id_external: 'sbx_tx_8f2a61',
    refunded_amount: 0,
    subscription: null,
    subscription_cycle: null,
    customer: 'cu_01jd8z5x7y2b3c4d5e6f7g8h9j',
    payment_profile: 'pp_01jd8z1a2b3c4d5e6f7g8h9j0k',
    processor: 'pr_01jd8z0a1b2c3d4e5f6g7h8j9k',
    organisation: 'org_01jd8yz9a8b7c6d5e4f3g2h1j0',
    merchant: 'org_01jd8yz9a8b7c6d5e4f3g2h1j0',
    status_history: [
      { status: 'AUTHORIZED', at: '2026-11-20T09:41:14.001Z', reason: null },
      { status: 'SETTLEMENT_COMPLETED', at: '2026-11-21T02:00:00.000Z', reason: null },
    ],
    decision: null,
  },
});
export type TTransaction = WireOf<typeof ZTransaction>;
export type TTransactionRow = WireOf<typeof ZTransactionRow>;
/**
 * The answer to creating a payment: the row, and for a payment a 3-D Secure ruleset sends to a
 * challenge, `checkout_url`, the hosted page where the customer completes it.
 */
export const ZTransactionCreated = ZTransactionRow.extend({ checkout_url: z.string().optional() }).meta({
  id: 'TransactionCreated',
});
export type TTransactionCreated = WireOf<typeof ZTransactionCreated>;

export const ZRefund = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    last_status_update: ZTimestamp,
    amount: ZMinorUnits,
    currency_code: z.string(),
    reason: z.string().nullable(),
    status: z.string(),
    processor_id_external: z.string().nullable(),
    transaction: z.string(),
    payment_profile: z.string(),
    organisation: z.string(),
    card: z.string().nullable(),
    settlement: z.string().nullable(),
  })
  .meta({ id: 'Refund' });
/** `GET /v1/refund` rows. */
export const ZRefundRow = ZRefund.extend({
  transaction: populated(ZTransaction),
  payment_profile: populated(ZPaymentProfile),
  organisation: populated(ZOrganisation),
  card: populated(ZTransaction).nullable(),
  settlement: populated(ZSettlement).nullable(),
}).meta({
  id: 'RefundRow',
  example: {
    id: 'rf_01jd9a2b3c4d5e6f7g8h9j0k1l',
    created_at: '2026-11-22T14:03:00.000Z',
    last_status_update: '2026-11-22T14:03:00.000Z',
    amount: 1250,
    currency_code: 'EUR',
    reason: 'Returned one of two items',
    status: 'PENDING',
    processor_id_external: 'sbx_rf_41c0d2',
    transaction: 'tx_01jd8z6q3w9x4k2m7n5p0r1s2t',
    payment_profile: 'pp_01jd8z1a2b3c4d5e6f7g8h9j0k',
    organisation: 'org_01jd8yz9a8b7c6d5e4f3g2h1j0',
    card: null,
    settlement: null,
  },
});
export type TRefund = WireOf<typeof ZRefund>;
export type TRefundRow = WireOf<typeof ZRefundRow>;

export const ZChargeback = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    amount: ZMinorUnits,
    currency_code: z.string(),
    reason_code: z.string().nullable(),
    reason: z.string().nullable(),
    status: z.string(),
    processor_id_external: z.string().nullable(),
    transaction: z.string(),
    payment_profile: z.string(),
    processor: z.string().nullable(),
    settlement: z.string().nullable(),
    card: z.string().nullable(),
    organisation: z.string(),
    /** Issue 36: when the merchant must have answered; the response and how it ended. */
    due_at: ZTimestamp.nullable(),
    responded_at: ZTimestamp.nullable(),
    response_outcome: z.string().nullable(),
  })
  .meta({ id: 'Chargeback' });
/** `GET /v1/chargeback` rows. */
export const ZChargebackRow = ZChargeback.extend({
  transaction: populated(ZTransaction),
  payment_profile: populated(ZPaymentProfile),
  processor: populated(ZProcessor).nullable(),
  settlement: populated(ZSettlement).nullable(),
  card: populated(ZTransaction).nullable(),
}).meta({ id: 'ChargebackRow' });
export type TChargebackRow = WireOf<typeof ZChargebackRow>;

export const ZScheduledTransaction = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    due_at: ZTimestamp,
    amount: ZMinorUnits,
    currency_code: z.string(),
    status: z.string(),
    attempts: z.number().int(),
    failure_reason: z.string().nullable(),
    customer: z.string().nullable(),
    subscription: z.string().nullable(),
    transaction: z.string().nullable(),
    payment_profile: z.string(),
    organisation: z.string(),
  })
  .meta({ id: 'ScheduledTransaction' });
/** `GET /v1/scheduled-transaction` rows. */
export const ZScheduledTransactionRow = ZScheduledTransaction.extend({
  customer: populated(ZCustomer).nullable(),
  transaction: populated(ZTransaction).nullable(),
  payment_profile: populated(ZPaymentProfile),
  organisation: populated(ZOrganisation),
}).meta({ id: 'ScheduledTransactionRow' });
export type TScheduledTransactionRow = WireOf<typeof ZScheduledTransactionRow>;

/** Fields payment links and card-add links share. */
const linkFields = {
  id: z.string(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  expires_at: ZTimestamp,
  description: z.string().nullable(),
  merchant_reference: z.string().nullable(),
  /** Usable by the customer now: not deactivated, expired or completed. */
  active: z.boolean(),
  url: z.string(),
  customer: z.string().nullable(),
  payment_profile: z.string(),
  organisation: z.string(),
  created_by: z.string().nullable(),
  status: z.string(),
};
const linkRelations = {
  customer: populated(ZCustomer).nullable(),
  payment_profile: populated(ZPaymentProfile),
  organisation: populated(ZOrganisation),
};

/** `GET /v1/payment-link` rows. */
export const ZPaymentLinkRow = z
  .object({
    ...linkFields,
    ...linkRelations,
    amount: ZMinorUnits,
    currency_code: z.string(),
    transaction: populated(ZTransaction).nullable(),
  })
  .meta({ id: 'PaymentLinkRow' });
export type TPaymentLinkRow = WireOf<typeof ZPaymentLinkRow>;

/** `GET /v1/card-add-link` rows. */
export const ZCardAddLinkRow = z.object({ ...linkFields, ...linkRelations }).meta({ id: 'CardAddLinkRow' });
export type TCardAddLinkRow = WireOf<typeof ZCardAddLinkRow>;
