import { z } from 'zod';
import { SAP_STATUSES } from '../schemas/sap.ts';
import { populated, ZTimestamp, type WireOf } from './row.ts';
import { ZOrganisation } from './settings.ts';

/** A merchant as a business partner in the provider's SAP system (the optional sap module). */
export const ZSapBusinessPartner = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    organisation: z.string(),
    status: z.enum(SAP_STATUSES),
    company_code: z.string(),
    business_partner: z.string().nullable(),
    onboarded_at: ZTimestamp.nullable(),
    deleted_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'SapBusinessPartner' });
/** `GET /v1/psp/sap` rows. */
export const ZSapBusinessPartnerRow = ZSapBusinessPartner.extend({ organisation: populated(ZOrganisation) }).meta({
  id: 'SapBusinessPartnerRow',
});
export type TSapBusinessPartnerRow = WireOf<typeof ZSapBusinessPartnerRow>;
