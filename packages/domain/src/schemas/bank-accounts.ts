import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { updateSchema } from './update-schema.ts';

/** An IBAN as typed (spaces, lower case) is stored in electronic format and checked with ibantools (checksum and country length). */
const ZIban = z
  .string()
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => isValidIBAN(value), coded('invalidIban', 'Enter a valid IBAN'));
const ZBic = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => isValidBIC(value), coded('invalidBic', 'Enter a valid BIC')),
  ])
  .optional()
  .transform((value) => value || null);

const fields = {
  holder_name: z.string().trim().min(1).max(200),
  iban: ZIban,
  bic: ZBic,
  currency_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'A currency is three capital letters (EUR)')
    .default('EUR'),
  description: z
    .union([z.literal(''), z.null(), z.string().max(500)])
    .optional()
    .transform((value) => value || null),
  organisation: z.string().min(1).max(64).optional(),
};

export const ZBankAccountCreate = z.object(fields).strict();
export type TBankAccountCreate = z.input<typeof ZBankAccountCreate>;
export const ZBankAccountUpdate = updateSchema(fields).omit({ organisation: true }).strict();
export type TBankAccountUpdate = z.input<typeof ZBankAccountUpdate>;
