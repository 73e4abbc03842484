import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { updateSchema } from './update-schema.ts';
import { PAYMENT_PRODUCTS } from '../statuses.ts';

/** Number formats of the hosted checkout page; en_US is the default (risk-config.md §9). */
export const NUMBER_FORMATS = ['en_US', 'nl_NL', 'de_DE', 'fr_FR'] as const;

/** Defaults of a new design: the brand's colours, else red and white (risk-config.md §3). */
export const CHECKOUT_DEFAULTS = {
  background_color: '#ffffff',
  header_color: '#c8102e',
  header_text_color: '#ffffff',
  button_color: '#c8102e',
  button_text_color: '#ffffff',
  number_format: 'en_US',
  show_language_switch: true,
} as const;

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written as #RRGGBB');
const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value) as z.output<T> | null);
const httpsUrl = z.url({ protocol: /^https?$/, error: 'An address starts with https:// or http://' }).max(2000);

const fields = {
  name: z.string().trim().min(1).max(200),
  description: emptyToNull(z.string().max(2000)),
  organisation: z.string().min(1).max(64).optional(),
  background_color: colour.default(CHECKOUT_DEFAULTS.background_color),
  background_image_url: emptyToNull(httpsUrl),
  logo_url: emptyToNull(httpsUrl),
  header_color: colour.default(CHECKOUT_DEFAULTS.header_color),
  header_text_color: colour.default(CHECKOUT_DEFAULTS.header_text_color),
  button_color: colour.default(CHECKOUT_DEFAULTS.button_color),
  button_text_color: colour.default(CHECKOUT_DEFAULTS.button_text_color),
  show_language_switch: z.boolean().default(CHECKOUT_DEFAULTS.show_language_switch),
  /** The enabled payment products, in the order the page offers them. */
  payment_product_order: z
    .array(z.enum(PAYMENT_PRODUCTS))
    .max(PAYMENT_PRODUCTS.length)
    .refine((list) => new Set(list).size === list.length, coded('duplicate', 'Each payment product once'))
    .default([...PAYMENT_PRODUCTS]),
  number_format: z.enum(NUMBER_FORMATS).default('en_US'),
  css: emptyToNull(z.string().max(20_000)),
};

export const ZCheckoutDesignCreate = z.object(fields).strict();
export type TCheckoutDesignCreate = z.input<typeof ZCheckoutDesignCreate>;
export const ZCheckoutDesignUpdate = updateSchema(fields).omit({ organisation: true }).strict();
export type TCheckoutDesignUpdate = z.input<typeof ZCheckoutDesignUpdate>;
