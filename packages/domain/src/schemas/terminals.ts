import { z } from 'zod';
import { updateFields } from './update-schema.ts';

/** Card terminals a PSP hands out (Developers → Terminals); the spec names no fields, see docs/decisions.md. */
export const TERMINAL_MODELS = [
  'PAX A920 Pro',
  'PAX A77',
  'PAX IM30',
  'Verifone V400m',
  'Verifone P400',
  'Ingenico Move/5000',
  'Ingenico Desk/3500',
  'SoftPOS',
] as const;
export const TERMINAL_STATUSES = ['active', 'inactive'] as const;

const optionalText = (max: number) =>
  z
    .union([z.literal(''), z.null(), z.string().trim().max(max)])
    .optional()
    .transform((value) => value || null);

const fields = {
  name: z.string().trim().min(1).max(100),
  serial_number: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .regex(/^[A-Z0-9][A-Z0-9-]{3,39}$/, 'A serial number is 4 to 40 capital letters, digits or dashes'),
  model: z.enum(TERMINAL_MODELS),
  payment_profile: z.string().trim().min(1).max(64),
  status: z.enum(TERMINAL_STATUSES).default('active'),
  location: optionalText(200),
  organisation: z.string().min(1).max(64).optional(),
};

export const ZTerminalCreate = z.object(fields).strict();
export type TTerminalCreate = z.input<typeof ZTerminalCreate>;
/** The organisation of a terminal never changes; the profile may (same merchant only). */
export const ZTerminalUpdate = z.object(updateFields(fields)).omit({ organisation: true }).strict();
export type TTerminalUpdate = z.input<typeof ZTerminalUpdate>;
