import { z } from 'zod';

/** SAP record statuses (payments.md §4: sap created, onboarded, deleted). */
export const SAP_STATUSES = ['CREATED', 'ONBOARDED', 'DELETED'] as const;
export type SapStatus = (typeof SAP_STATUSES)[number];

const m = {
  required: 'form_validation.required',
  companyCode: 'sap.validation.companyCode',
  partner: 'sap.validation.businessPartner',
} as const;

/** An SAP company code: four letters or digits (stored in capitals). */
const companyCode = z
  .string({ error: m.required })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4}$/, m.companyCode);

/** Add a merchant to SAP: which merchant, under which company code. */
export const ZSapCreate = z
  .object({
    organisation: z.string({ error: m.required }).trim().min(1, m.required).max(64),
    company_code: companyCode,
  })
  .strict();
export type TSapCreate = z.input<typeof ZSapCreate>;

/** Mark a merchant onboarded with the business partner number SAP gave it (1 to 10 digits). */
export const ZSapOnboard = z
  .object({
    business_partner: z
      .string({ error: m.required })
      .trim()
      .regex(/^\d{1,10}$/, m.partner),
  })
  .strict();
export type TSapOnboard = z.input<typeof ZSapOnboard>;
