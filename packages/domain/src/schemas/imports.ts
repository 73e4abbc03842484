import { z } from 'zod';
import { AMOUNT_TOO_LARGE_MESSAGE, MAX_AMOUNT_MINOR } from '../money.ts';
import { PAYMENT_PRODUCTS, statusVocabularies } from '../statuses.ts';

export const IMPORT_KINDS = ['customers', 'transactions'] as const;
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** An import file is at most 800 kB of CSV (the API's body limit is 1 MB). */
export const IMPORT_MAX_BYTES = 800_000;

/** Starting an import: a CSV file for one merchant (psp/imports). */
export const ZImportCreate = z
  .object({
    kind: z.enum(IMPORT_KINDS),
    organisation: z.string().min(1).max(64),
    file_name: z.string().trim().min(1).max(200),
    content: z.string().min(1, 'imports.emptyFile').max(IMPORT_MAX_BYTES, 'imports.fileTooLarge'),
  })
  .strict();
export type TImportCreate = z.infer<typeof ZImportCreate>;

const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

/** One row of a customers CSV (header names as the customer entity's fields). */
export const ZImportCustomerRow = z.object({
  email_address: z.email('invalid e-mail address'),
  first_name: blankToNull(z.string().max(100)),
  last_name: z.string().min(1, 'last_name is required').max(100),
  phone_number: blankToNull(z.string().max(40)),
  street_address: blankToNull(z.string().max(200)),
  house_number: blankToNull(z.string().max(20)),
  postal_code: blankToNull(z.string().max(20)),
  city: blankToNull(z.string().max(100)),
  country_code: blankToNull(z.string().regex(/^[A-Z]{2}$/, 'country_code must be two capital letters')),
  date_of_birth: blankToNull(z.iso.date('date_of_birth must be YYYY-MM-DD')),
});

/** One row of a transactions CSV: a payment made before the merchant came to Kassa. */
export const ZImportTransactionRow = z.object({
  merchant_reference: z.string().min(1, 'merchant_reference is required').max(200),
  amount: z
    .string()
    .regex(/^\d{1,12}$/, 'amount must be a whole number of cents')
    .transform(Number)
    .pipe(z.number().max(MAX_AMOUNT_MINOR, AMOUNT_TOO_LARGE_MESSAGE)),
  currency_code: blankToNull(z.string().regex(/^[A-Z]{3}$/, 'currency_code must be three capital letters')),
  payment_product_type: z.enum(PAYMENT_PRODUCTS, {
    error: `payment_product_type must be one of ${PAYMENT_PRODUCTS.join(', ')}`,
  }),
  status: z.enum(statusVocabularies.transaction.values, { error: 'unknown status' }),
  created_at: z.iso.datetime({ offset: true, error: 'created_at must be an ISO date and time' }),
  payment_profile: z.string().min(1, 'payment_profile is required').max(64),
  customer_email: blankToNull(z.email('invalid customer_email')),
  description: blankToNull(z.string().max(500)),
});

/** A rejected row: its line number in the file (the header is line 1) and why. */
export type TImportRejection = { line: number; reason: string };
