import { z } from 'zod';
import { coded } from '../issue-codes.ts';
import { statusVocabularies } from '../statuses.ts';

/** The status choices of a status update by type (portal.md §2.4: they depend on the type). */
export const STATUS_UPDATE_STATUSES = {
  transaction: statusVocabularies.transaction.values,
  refund: statusVocabularies.refund.values,
} as const;

const ZId = z.string().trim().min(1).max(64);

/** Creating a status update: type, the transaction or refund id (sent under the type's name), status. */
export const ZStatusUpdateCreate = z
  .object({
    type: z.enum(['transaction', 'refund']),
    transaction: ZId.optional(),
    refund: ZId.optional(),
    status: z.string().min(1).max(64),
    status_reason: z.string().trim().max(500).nullish(),
  })
  .superRefine((body, ctx) => {
    if (!body[body.type])
      ctx.addIssue({ code: 'custom', path: [body.type], ...coded('required', 'This field is required') });
    if (!(STATUS_UPDATE_STATUSES[body.type] as readonly string[]).includes(body.status)) {
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        ...coded('invalidOption', 'This status does not belong to this type'),
      });
    }
  });
export type TStatusUpdateCreate = z.infer<typeof ZStatusUpdateCreate>;
