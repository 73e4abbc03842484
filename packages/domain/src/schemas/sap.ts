import { z } from 'zod';

/** SAP record statuses (payments.md §4: sap created, onboarded, deleted). */
export const SAP_STATUSES = ['CREATED', 'ONBOARDED', 'DELETED'] as const;
export type SapStatus = (typeof SAP_STATUSES)[number];

/** An SAP company code: four letters or digits (stored in capitals). */
const companyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4}$/, 'A company code is four letters or digits');

/** Add a merchant to SAP: which merchant, under which company code. */
export const ZSapCreate = z
  .object({
    organisation: z.string().trim().min(1).max(64),
    company_code: companyCode,
  })
  .strict();
export type TSapCreate = z.input<typeof ZSapCreate>;

/** Mark a merchant onboarded with the business partner number SAP gave it (1 to 10 digits). */
export const ZSapOnboard = z
  .object({
    business_partner: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'A business partner number is 1 to 10 digits'),
  })
  .strict();
export type TSapOnboard = z.input<typeof ZSapOnboard>;
