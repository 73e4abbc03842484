import { z } from 'zod';
import type { TImportRejection } from '../schemas/imports.ts';
import { IMPORT_KINDS, IMPORT_STATUSES } from '../schemas/imports.ts';
import { ZRefund, ZTransaction } from './payments.ts';
import { json, populated, ZMinorUnits, ZTimestamp, type WireOf } from './row.ts';
import { ZOrganisation } from './settings.ts';

/** One delivery attempt of a webhook, newest first. */
export type TWebhookAttempt = {
  created_at: string;
  status_code: number | null;
  duration_ms: number;
  content: string;
  manual: boolean;
};

/** `GET /v1/webhook` rows: one event for one URL and its delivery history. */
export const ZWebhookRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    url: z.string(),
    type: z.string(),
    event: z.string(),
    item_id: z.string().nullable(),
    status: z.string().nullable(),
    delivered: z.boolean(),
    delivered_on: ZTimestamp.nullable(),
    manual: z.boolean(),
    state: z.enum(['queued', 'delivered', 'failed']),
    attempts: z.number().int(),
    next_attempt_at: ZTimestamp.nullable(),
    organisation: populated(ZOrganisation),
    history: json<TWebhookAttempt[]>('Every delivery attempt, newest first'),
  })
  .meta({ id: 'WebhookRow' });
export type TWebhookRow = WireOf<typeof ZWebhookRow>;

/** `GET /v1/import` rows: an import job (never the file itself). */
export const ZImportRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    kind: z.enum(IMPORT_KINDS),
    file_name: z.string(),
    status: z.enum(IMPORT_STATUSES),
    total_rows: z.number().int().nullable(),
    imported_rows: z.number().int().nullable(),
    rejected_rows: z.number().int().nullable(),
    report: json<TImportRejection[]>('The rejected lines and why'),
    error: z.string().nullable(),
    created_by: z.string().nullable(),
    finished_at: ZTimestamp.nullable(),
    organisation: populated(ZOrganisation),
  })
  .meta({ id: 'ImportRow' });
export type TImportRow = WireOf<typeof ZImportRow>;

/** `GET /v1/statusupdate` rows: the item, the new and the previous status, and reversal links. */
export const ZStatusUpdateRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    type: z.enum(['transaction', 'refund']),
    status: z.string(),
    status_reason: z.string().nullable(),
    previous_status: z.string(),
    transaction: populated(ZTransaction),
    refund: populated(ZRefund).nullable(),
    organisation: populated(ZOrganisation),
    /** The item's top merchant organisation (organisation may be one of its sub-organisations). */
    merchant: populated(ZOrganisation),
    reverses: z.string().nullable(),
    reversed_by: z.string().nullable(),
    created_by: z.string().nullable(),
  })
  .meta({ id: 'StatusUpdateRow' });
export type TStatusUpdateRow = WireOf<typeof ZStatusUpdateRow>;

/** One mail of the development mailbox (`GET /v1/dev/mailbox`). */
export const ZMailRow = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    template: z.string().nullable(),
    /** queued, stored (kept in the mailbox), sent (by SMTP) or failed. */
    status: z.string(),
    transport: z.enum(['mailbox', 'smtp']).nullable(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'MailRow' });
export type TMailRow = WireOf<typeof ZMailRow>;

/** `GET /v1/psp/merchant` rows: merchants with their revenue over the last 30 days. */
export const ZMerchantRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    active: z.boolean(),
    email: z.string().nullable(),
    country_code: z.string().nullable(),
    locality: z.string().nullable(),
    amount: ZMinorUnits,
    count: z.number().int(),
    currency_code: z.string().nullable(),
    sub_organisations: z.number().int(),
  })
  .meta({ id: 'MerchantRow' });
export type TMerchantRow = WireOf<typeof ZMerchantRow>;
