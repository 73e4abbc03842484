import { z } from 'zod';
import { json, populated, ZMinorUnits, ZTimestamp, type WireOf } from './row.ts';
import { ZTransaction } from './payments.ts';

/** A review ruleset that held a payment, with its rules as they were when it matched. */
export type TReviewRule = { id: string; name: string; rules: { name: string; operator: string; value: unknown }[] };

/** One held payment in the manual review queue (issue 36). */
export const ZReviewCase = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    status: z.enum(['PENDING', 'APPROVED', 'DECLINED']),
    transaction: z.string(),
    amount: ZMinorUnits,
    currency_code: z.string(),
    customer: z.string().nullable(),
    card_country: z.string().nullable(),
    ip_country: z.string().nullable(),
    rules: json<TReviewRule[]>('The review rulesets that matched, with their rules'),
    assigned_to: z.string().nullable(),
    assigned_to_name: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_by_name: z.string().nullable(),
    decided_via: z.enum(['reviewer', 'policy']).nullable(),
    decline_reason: z.string().nullable(),
    sla_due_at: ZTimestamp,
    expires_at: ZTimestamp,
    decided_at: ZTimestamp.nullable(),
    organisation: z.string(),
  })
  .meta({ id: 'ReviewCase' });
/** `GET /v1/review` rows. */
export const ZReviewCaseRow = ZReviewCase.extend({ transaction: populated(ZTransaction) }).meta({
  id: 'ReviewCaseRow',
});
export type TReviewCaseRow = WireOf<typeof ZReviewCaseRow>;

/** What Kassa knows of the customer behind a held payment: history and how this amount compares. */
export const ZReviewContext = z
  .object({
    customer: z.string().nullable(),
    segment: z.string().nullable(),
    previous_payments: z.number().int(),
    previous_successful: z.number().int(),
    chargebacks: z.number().int(),
    usual_amount: z.number().nullable(),
    country_mismatch: z.boolean(),
  })
  .meta({ id: 'ReviewContext' });
export type TReviewContext = z.infer<typeof ZReviewContext>;
