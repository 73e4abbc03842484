import { z } from 'zod';
import { ZProcessorDetail } from '../schemas/payment-config.ts';
import { json, populated, ZMinorUnits, ZTimestamp, type WireOf } from './row.ts';

/** An organisation of the tree (provider, merchant, sub-organisation); relations as ids. */
export const ZOrganisation = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    type: z.enum(['provider', 'merchant', 'sub']),
    parent: z.string().nullable(),
    active: z.boolean(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    street: z.string().nullable(),
    street_number: z.string().nullable(),
    extended_address: z.string().nullable(),
    country_code: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
    locality: z.string().nullable(),
    tax_number: z.string().nullable(),
    mfa_required: z.string().nullable(),
    features: z.array(z.string()),
    /** Ids of the organisations directly below it (risk-config.md §3), by name. */
    children: z.array(z.string()),
  })
  .meta({ id: 'Organisation' });
/** `GET /v1/organisation` rows. */
export const ZOrganisationRow = ZOrganisation.extend({ parent: populated(ZOrganisation).nullable() }).meta({
  id: 'OrganisationRow',
});
export type TOrganisation = WireOf<typeof ZOrganisation>;
export type TOrganisationRow = WireOf<typeof ZOrganisationRow>;

export const ZProcessor = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(['processor', 'processorsettlement']),
    gateway: z.string(),
    provider: z.string(),
    payment_product: z.string().nullable(),
    processor_settlement_type: z.string().nullable(),
    last: ZTimestamp.nullable(),
    last_run: ZTimestamp.nullable(),
    active: z.boolean(),
    user: z.string().nullable(),
    organisation: z.string(),
  })
  .meta({ id: 'Processor' });
/** `GET /v1/processor` rows (no relations to populate). */
export const ZProcessorRow = ZProcessor;
export type TProcessorRow = WireOf<typeof ZProcessorRow>;
/** The answer to creating or updating a processor: its details with each value only as a hint. */
export const ZProcessorWithDetails = ZProcessorRow.extend({ details: z.array(ZProcessorDetail) }).meta({
  id: 'ProcessorWithDetails',
});
export type TProcessorWithDetails = WireOf<typeof ZProcessorWithDetails>;

export const ZMiddleware = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    provider: z.string(),
    active: z.boolean(),
    organisation: z.string(),
  })
  .meta({ id: 'Middleware' });
export const ZMiddlewareRow = ZMiddleware;
export type TMiddlewareRow = WireOf<typeof ZMiddlewareRow>;

export const ZPaymentProfile = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    display_name: z.string(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    currency_code: z.string(),
    processors: z.array(z.string()),
    middleware: z.array(z.string()),
    routing: json<Record<string, string>>('The routing chosen per payment product'),
    intelligent_routing: z.boolean(),
    bank_account: z.string().nullable(),
    webhook_chargeback_update: z.string().nullable(),
    webhook_refund_update: z.string().nullable(),
    webhook_transaction_update: z.string().nullable(),
    /** Test mode: where test-mode webhooks go instead (null: the same URL as live). */
    test_webhook_chargeback_update: z.string().nullable(),
    test_webhook_refund_update: z.string().nullable(),
    test_webhook_transaction_update: z.string().nullable(),
    webhook_failed_email: z.string().nullable(),
    organisation: z.string(),
  })
  .meta({ id: 'PaymentProfile' });
/** `GET /v1/paymentprofile` rows. */
export const ZPaymentProfileRow = ZPaymentProfile.extend({ organisation: populated(ZOrganisation) }).meta({
  id: 'PaymentProfileRow',
});
export type TPaymentProfile = WireOf<typeof ZPaymentProfile>;
export type TPaymentProfileRow = WireOf<typeof ZPaymentProfileRow>;

export const ZBankAccount = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    holder_name: z.string(),
    iban: z.string(),
    bic: z.string().nullable(),
    currency_code: z.string(),
    description: z.string().nullable(),
    organisation: z.string(),
  })
  .meta({ id: 'BankAccount' });
/** `GET /v1/bankaccount` rows. */
export const ZBankAccountRow = ZBankAccount;
export type TBankAccountRow = WireOf<typeof ZBankAccountRow>;

export const ZSettlement = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    amount: ZMinorUnits,
    fee: ZMinorUnits,
    currency_code: z.string(),
    transaction_count: z.number().int(),
    period_start: ZTimestamp.nullable(),
    period_end: ZTimestamp.nullable(),
    status: z.string(),
    payment_profile: z.string().nullable(),
    processor: z.string().nullable(),
    organisation: z.string(),
    gross: ZMinorUnits,
    refunded: ZMinorUnits,
    chargebacks: ZMinorUnits,
    reserve: ZMinorUnits,
    reserve_released: ZMinorUnits,
    one_offs: ZMinorUnits,
    settlement_profile: z.string().nullable(),
    bank_account: z.string().nullable(),
  })
  .meta({ id: 'Settlement' });
/** `GET /v1/settlement` rows. */
export const ZSettlementRow = ZSettlement.extend({
  payment_profile: populated(ZPaymentProfile).nullable(),
  processor: populated(ZProcessor).nullable(),
  organisation: populated(ZOrganisation),
  bank_account: populated(ZBankAccount).nullable(),
}).meta({ id: 'SettlementRow' });
export type TSettlementRow = WireOf<typeof ZSettlementRow>;

export const ZTag = z
  .object({ id: z.string(), created_at: ZTimestamp, text: z.string(), colour: z.string(), organisation: z.string() })
  .meta({ id: 'Tag' });
/** `GET /v1/tag` rows. */
export const ZTagRow = ZTag;
export type TTagRow = WireOf<typeof ZTagRow>;

export const ZCheckoutDesign = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    name: z.string(),
    description: z.string().nullable(),
    organisation: z.string(),
    background_color: z.string(),
    background_image_url: z.string().nullable(),
    logo_url: z.string().nullable(),
    header_color: z.string(),
    header_text_color: z.string(),
    button_color: z.string(),
    button_text_color: z.string(),
    show_language_switch: z.boolean(),
    payment_product_order: z.array(z.string()),
    number_format: z.string(),
    css: z.string().nullable(),
  })
  .meta({ id: 'CheckoutDesign' });
/** `GET /v1/checkoutdesign` rows. */
export const ZCheckoutDesignRow = ZCheckoutDesign.extend({ organisation: populated(ZOrganisation) }).meta({
  id: 'CheckoutDesignRow',
});
export type TCheckoutDesignRow = WireOf<typeof ZCheckoutDesignRow>;

/** What a plan's `checkout` populates to. */
export const ZCheckoutDesignRef = ZCheckoutDesign.pick({ id: true, name: true }).meta({ id: 'CheckoutDesignRef' });
