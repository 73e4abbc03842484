import { z } from 'zod';
import { ZMinorUnits, ZTimestamp, type WireOf } from './row.ts';

/** Kinds of reconciliation exception (issue 34). */
export const RECONCILIATION_EXCEPTION_KINDS = [
  'fee_difference',
  'late_settlement',
  'missing_payment',
  'unknown_payment',
  'duplicate_line',
  'amount_difference',
] as const;
/** open → investigating → resolved (with a reason), or write_off_requested → written_off (a second person approves). */
export const RECONCILIATION_EXCEPTION_STATES = [
  'open',
  'investigating',
  'write_off_requested',
  'resolved',
  'written_off',
] as const;
export type ReconciliationExceptionState = (typeof RECONCILIATION_EXCEPTION_STATES)[number];

/** An imported acquirer settlement report: one processor account, one settlement day. */
export const ZSettlementFileRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    processor_settlement: z.string(),
    settlement_update: z.string().nullable(),
    source: z.enum(['sandbox', 'upload']),
    format: z.string(),
    file_name: z.string(),
    settlement_date: z.string().nullable(),
    batch_number: z.string().nullable(),
    currency_code: z.string().nullable(),
    line_count: z.number().int(),
    matched_count: z.number().int(),
    exception_count: z.number().int(),
    expected_net: ZMinorUnits,
    paid_in: ZMinorUnits.nullable(),
    difference: ZMinorUnits.nullable(),
    /** When the file's payments were all moved to SETTLEMENT_COMPLETED; null while they still are (a file of more than one slice settles after its import). */
    settled_at: ZTimestamp.nullable(),
    created_by: z.string().nullable(),
  })
  .meta({ id: 'SettlementFile' });
export type TSettlementFileRow = WireOf<typeof ZSettlementFileRow>;

/** A reconciliation exception: a line that did not match exactly, or a payment no file confirmed. */
export const ZReconciliationExceptionRow = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    organisation: z.string(),
    merchant: z.string().nullable(),
    merchant_name: z.string().nullable(),
    processor_settlement: z.string(),
    processor_settlement_name: z.string().nullable(),
    settlement_file: z.string().nullable(),
    line_no: z.number().int().nullable(),
    kind: z.enum(RECONCILIATION_EXCEPTION_KINDS),
    item_type: z.enum(['transaction', 'refund', 'chargeback']).nullable(),
    item_id: z.string().nullable(),
    /** The merchant payout (settlement) its payment, refund or chargeback is paid out in, if any yet. */
    settlement: z.string().nullable(),
    acquirer_reference: z.string().nullable(),
    merchant_reference: z.string().nullable(),
    currency_code: z.string(),
    expected_amount: ZMinorUnits.nullable(),
    actual_amount: ZMinorUnits.nullable(),
    amount_difference: ZMinorUnits,
    age_days: z.number().int(),
    state: z.enum(RECONCILIATION_EXCEPTION_STATES),
    owner: z.string().nullable(),
    owner_name: z.string().nullable(),
    reason: z.string().nullable(),
    write_off_requested_by: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'ReconciliationException' });
export type TReconciliationExceptionRow = WireOf<typeof ZReconciliationExceptionRow>;

/**
 * A merchant's view of an exception about its own payments (`GET /v1/reconciliationexception`):
 * without provider finance's people (who works on it, who asked for and who approved its
 * write-off). The reason a resolution or write-off gives stays: it is the merchant's answer.
 */
export const ZMerchantReconciliationExceptionRow = ZReconciliationExceptionRow.omit({
  owner: true,
  owner_name: true,
  write_off_requested_by: true,
  decided_by: true,
}).meta({ id: 'MerchantReconciliationException' });
export type TMerchantReconciliationExceptionRow = WireOf<typeof ZMerchantReconciliationExceptionRow>;

/** `GET /v1/settlement/{id}/reconciliation`: a payout against the acquirer's money (issue 34). */
export const ZPayoutReconciliation = z.object({
  /** What the acquirer should pay in for the settlement's payments, refunds and chargebacks (amount less the cost scheme's fees). */
  expected: z.number().int(),
  /** What the acquirer's settlement files paid in for them (their lines' net, a duplicate line's included). */
  paid_in: z.number().int(),
  /** `paid_in − expected`: 0, or the sum of the exceptions' effects and of the unreported items no exception names. */
  difference: z.number().int(),
  items: z.number().int(),
  matched: z.number().int(),
  deviating: z.number().int(),
  unconfirmed: z.number().int(),
  /** The acquirer's fees on the reported payments: the cost scheme's against what the files charged. */
  expected_fee: z.number().int(),
  actual_fee: z.number().int(),
  exceptions: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      state: z.string(),
      item_type: z.string().nullable(),
      item_id: z.string().nullable(),
      merchant_reference: z.string().nullable(),
      acquirer_reference: z.string().nullable(),
      amount_difference: z.number().int(),
      effect: z.number().int(),
    }),
  ),
  /** Items no settlement file reported and no exception names yet (not yet due), with their effect. */
  unreported: z.object({ count: z.number().int(), effect: z.number().int() }),
});
export type TPayoutReconciliation = z.infer<typeof ZPayoutReconciliation>;

/** `GET /v1/psp/reconciliation/dashboard` (issue 34). */
export const ZReconciliationDashboard = z.object({
  match_rate: z.array(
    z.object({
      processor_settlement: z.string(),
      name: z.string(),
      day: z.string(),
      lines: z.number().int(),
      matched: z.number().int(),
      /** Matched lines per line, 0–1 (1 for a day without lines). */
      rate: z.number(),
      /** The acquirer's fees on the day's reported payments: the cost scheme's, the files', and actual − expected (what the margin lost). */
      expected_fee: z.number().int(),
      actual_fee: z.number().int(),
      fee_deviation: z.number().int(),
    }),
  ),
  open_by_kind: z.array(
    z.object({
      kind: z.string(),
      age: z.enum(['0-2', '3-7', '8-30', '31+']),
      count: z.number().int(),
      amount_difference: z.number().int(),
    }),
  ),
});
export type TReconciliationDashboard = z.infer<typeof ZReconciliationDashboard>;
