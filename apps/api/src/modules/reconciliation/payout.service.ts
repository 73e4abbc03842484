import type { TPayoutReconciliation } from '@kassa/domain';
import type { Db } from '../../plugins/db/index.ts';
import { payoutExceptions, payoutTotals } from './payout.repository.ts';

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
