import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { updateSchema } from './update-schema.ts';

/** Validation messages of the organisation form (risk-config.md §5); the web's hand-written form rules show them by key (the API's own messages are English, its codes are what the web translates). */
export const ORGANISATION_MESSAGES = {
  required: 'form_validation.required',
  email: 'form_validation.email',
  invalidNumber: 'invalidNumber',
  country: 'organisations.invalidCountry',
} as const;

/** Forms send "" for an empty optional field; stored as null. */
const optionalText = (max: number, schema: z.ZodType<string, string> = z.string()) =>
  z
    .union([z.literal(''), z.null(), z.string().trim().max(max).pipe(schema)])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

const fields = {
  name: z.string().trim().min(1).max(200),
  email: optionalText(254, z.email().min(2)),
  phone: optionalText(40),
  street: optionalText(200),
  street_number: optionalText(
    10,
    z.string().refine((value) => /^\d+$/.test(value), coded('invalidNumber', 'Enter digits only')),
  ),
  extended_address: optionalText(200),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => /^[A-Z]{2}$/.test(value), coded('invalidCountry', 'Enter a country code of two letters')),
  region: optionalText(100),
  postal_code: optionalText(20),
  locality: optionalText(100),
  tax_number: optionalText(40),
  parent: z.string().trim().min(1).max(64),
};

/** Creating an organisation below a parent (the parent decides merchant or sub-organisation). */
export const ZOrganisationCreate = z.object(fields).strict();
export type TOrganisationCreate = z.infer<typeof ZOrganisationCreate>;

/** Updating: only the fields sent change; a new `parent` moves the organisation with its subtree. */
export const ZOrganisationUpdate = updateSchema(fields).strict();
export type TOrganisationUpdate = z.infer<typeof ZOrganisationUpdate>;
