import { z } from 'zod';

/** The largest settlement report a person uploads by hand (a bigger one comes through the importer). */
export const SETTLEMENT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Uploading an acquirer's settlement report by hand (JSON body, as imports do). */
export const ZSettlementFileUpload = z
  .object({
    processor_settlement: z.string().trim().min(1).max(64),
    file_name: z.string().trim().min(1).max(200),
    content: z.string().min(1, 'imports.emptyFile').max(SETTLEMENT_UPLOAD_MAX_BYTES, 'imports.fileTooLarge'),
  })
  .strict();
export type TSettlementFileUpload = z.infer<typeof ZSettlementFileUpload>;

const ids = z.array(z.string().trim().min(1).max(64)).min(1).max(500);
const reason = z.string().trim().min(1).max(500);

/**
 * A decision on one or more exceptions (bulk): take them (`assign`, to a user or oneself),
 * `investigate`, `resolve` with a reason, `request_write_off` with a reason, and
 * `approve_write_off` by a second person.
 */
export const ZReconciliationDecision = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assign'), ids, owner: z.string().trim().min(1).max(64).nullable() }).strict(),
  z.object({ action: z.literal('investigate'), ids }).strict(),
  z.object({ action: z.literal('resolve'), ids, reason }).strict(),
  z.object({ action: z.literal('request_write_off'), ids, reason }).strict(),
  z.object({ action: z.literal('approve_write_off'), ids }).strict(),
]);
export type TReconciliationDecision = z.infer<typeof ZReconciliationDecision>;
