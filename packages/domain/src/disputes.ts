import { z } from 'zod';
import type { CHARGEBACK_REASON_CODES } from './statuses.ts';

/**
 * The dispute workflow (issue 36). Reason codes as the card schemes publish them: Visa Claims
 * Resolution groups its codes in four families (10.x fraud, 11.x authorisation, 12.x processing
 * errors, 13.x consumer disputes; Visa Core Rules and Visa Product and Service Rules, "Dispute
 * Categories"); Mastercard's Chargeback Guide numbers its message reason codes (4837 no cardholder
 * authorisation, 4853 cardholder dispute, 4863 cardholder does not recognise). SEPA Direct Debit
 * R-transactions use ISO 20022 reason codes (AM02, MD06). Sources in docs/decisions.md.
 */
export const EVIDENCE_KINDS = [
  'three_ds_result',
  'prior_undisputed_payments',
  'avs_cvc_result',
  'refund_history',
  'proof_of_delivery',
  'customer_communication',
  'refund_policy',
  'product_description',
  'mandate',
  'other',
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export type ReasonCodeFamily = 'fraud' | 'authorisation' | 'processing_error' | 'consumer_dispute' | 'direct_debit';
export type ReasonCodeRule = {
  scheme: 'visa' | 'mastercard' | 'sepa';
  family: ReasonCodeFamily;
  /** The evidence that wins this dispute: every `required` item must be covered, the others help. */
  evidence: { kind: EvidenceKind; required: boolean }[];
};

const fraud = (scheme: 'visa' | 'mastercard'): ReasonCodeRule => ({
  scheme,
  family: 'fraud',
  evidence: [
    { kind: 'three_ds_result', required: true },
    { kind: 'prior_undisputed_payments', required: false },
    { kind: 'avs_cvc_result', required: false },
    { kind: 'proof_of_delivery', required: false },
  ],
});
const consumer = (scheme: 'visa' | 'mastercard', first: EvidenceKind): ReasonCodeRule => ({
  scheme,
  family: 'consumer_dispute',
  evidence: [
    { kind: first, required: true },
    { kind: 'customer_communication', required: false },
    { kind: 'refund_policy', required: false },
    { kind: 'refund_history', required: false },
  ],
});

/** Per reason code Kassa's acquirers send: scheme, family and the evidence checklist. */
export const REASON_CODE_RULES: Readonly<Record<keyof typeof CHARGEBACK_REASON_CODES, ReasonCodeRule>> = {
  '10.4': fraud('visa'),
  '13.1': consumer('visa', 'proof_of_delivery'),
  '13.3': consumer('visa', 'product_description'),
  '13.6': consumer('visa', 'refund_history'),
  '4837': fraud('mastercard'),
  '4853': consumer('mastercard', 'proof_of_delivery'),
  '4863': fraud('mastercard'),
  AM02: {
    scheme: 'sepa',
    family: 'direct_debit',
    evidence: [
      { kind: 'mandate', required: true },
      { kind: 'customer_communication', required: false },
    ],
  },
  MD06: {
    scheme: 'sepa',
    family: 'direct_debit',
    evidence: [
      { kind: 'mandate', required: true },
      { kind: 'proof_of_delivery', required: false },
    ],
  },
};

/** The checklist of a reason code; an unknown code asks for what any dispute needs. */
export const reasonCodeRule = (code: string | null): ReasonCodeRule =>
  (code && (REASON_CODE_RULES as Record<string, ReasonCodeRule>)[code]) || {
    scheme: 'visa',
    family: 'consumer_dispute',
    evidence: [
      { kind: 'customer_communication', required: true },
      { kind: 'proof_of_delivery', required: false },
    ],
  };

/** Days the merchant has to answer a chargeback, counted from when the acquirer opened it. */
export const DISPUTE_RESPONSE_DAYS = 20;
/** Evidence files: PDF, PNG or JPEG, each at most 4 MB, at most 10 per dispute. */
export const EVIDENCE_MAX_BYTES = 4 * 1024 * 1024;
export const EVIDENCE_MAX_FILES = 10;
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** Body of `POST /v1/chargeback/{id}/dispute`: the written response, submitted (or kept as a draft). */
export const ZDisputeSubmit = z
  .object({
    response: z.string().trim().min(1).max(20_000),
  })
  .strict();
export type TDisputeSubmit = z.infer<typeof ZDisputeSubmit>;

/** The query of `POST /v1/chargeback/{id}/evidence` (the body is the file's bytes). */
export const ZEvidenceQuery = z.object({
  kind: z.enum(EVIDENCE_KINDS).default('other'),
  file_name: z.string().trim().min(1).max(200),
});

const ZChecklistItem = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  required: z.boolean(),
  /** What Kassa holds for this item (e.g. "3-D Secure authenticated"), or null. */
  prefilled: z.string().nullable(),
  files: z.number().int(),
  covered: z.boolean(),
});
export const ZEvidenceFile = z.object({
  id: z.string(),
  kind: z.enum(EVIDENCE_KINDS),
  file_name: z.string(),
  content_type: z.enum(EVIDENCE_TYPES),
  size: z.number().int(),
  created_at: z.union([z.string(), z.date()]),
});
/** `GET /v1/chargeback/{id}/dispute`: the reason, deadline, checklist, files and response. */
export const ZDispute = z
  .object({
    id: z.string(),
    status: z.string(),
    reason_code: z.string().nullable(),
    scheme: z.enum(['visa', 'mastercard', 'sepa']),
    family: z.enum(['fraud', 'authorisation', 'processing_error', 'consumer_dispute', 'direct_debit']),
    due_at: z.union([z.string(), z.date()]).nullable(),
    response: z.string().nullable(),
    responded_at: z.union([z.string(), z.date()]).nullable(),
    response_outcome: z.enum(['submitted', 'accepted', 'expired']).nullable(),
    open: z.boolean(),
    checklist: z.array(ZChecklistItem),
    evidence: z.array(ZEvidenceFile),
    /** The reminders sent to the merchant (7 and 2 days before the due date), oldest first. */
    reminders: z.array(
      z.object({
        days_before: z.number().int(),
        sent_at: z.union([z.string(), z.date()]),
        /** How many people were mailed. */
        recipients: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Dispute' });
export type TDispute = z.infer<typeof ZDispute>;

/** `GET /v1/statistics/disputes`: how disputes ended, by reason code, by evidence and per month. */
const ZWinRate = { decided: z.number().int(), won: z.number().int(), win_rate: z.number().nullable() };
export const ZDisputeAnalytics = z
  .object({
    currency_code: z.string(),
    by_reason_code: z.array(z.object({ reason_code: z.string().nullable(), ...ZWinRate })),
    /** Per evidence kind with a file (`none`: answered without files; `accepted`/`expired`: not disputed). */
    by_evidence: z.array(z.object({ evidence: z.string(), ...ZWinRate })),
    by_month: z.array(
      z.object({
        month: z.string(),
        won: z.number().int(),
        lost: z.number().int(),
        won_amount: z.number(),
        lost_amount: z.number(),
      }),
    ),
  })
  .meta({ id: 'DisputeAnalytics' });
export type TDisputeAnalytics = z.infer<typeof ZDisputeAnalytics>;
