import { z } from 'zod';
import type { Db } from '../../plugins/db/index.ts';
import { payoutExceptions, payoutTotals } from './payout.repository.ts';

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

/**
 * A merchant settlement (payout) against the acquirer's money (issue 34 item 5): expected, paid
 * in, the difference, and the exceptions that explain it. The caller checks the settlement's
 * tenancy first.
 */
export const payoutReconciliation = async (db: Db, settlementId: string): Promise<TPayoutReconciliation> => {
  const totals = await payoutTotals(db, settlementId);
  const exceptions = (await payoutExceptions(db, settlementId)).map((x) => ({
    id: x.id,
    kind: x.kind,
    state: x.state,
    item_type: x.item_type,
    item_id: x.item_id,
    merchant_reference: x.merchant_reference,
    acquirer_reference: x.acquirer_reference,
    amount_difference: Number(x.amount_difference),
    effect: Number(x.effect),
  }));
  const duplicates = exceptions.filter((x) => x.kind === 'duplicate_line').reduce((sum, x) => sum + x.effect, 0);
  const expected = Number(totals.expected ?? 0);
  const paidIn = Number(totals.paid_in ?? 0) + duplicates;
  return {
    expected,
    paid_in: paidIn,
    difference: paidIn - expected,
    items: Number(totals.items),
    matched: Number(totals.matched),
    deviating: Number(totals.deviating),
    unconfirmed: Number(totals.unconfirmed),
    expected_fee: Number(totals.expected_fee ?? 0),
    actual_fee: Number(totals.actual_fee ?? 0),
    exceptions,
    unreported: { count: Number(totals.unconfirmed_unexplained), effect: Number(totals.unexplained_effect ?? 0) },
  };
};
