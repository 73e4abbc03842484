import { sql, type Queryable } from '../../plugins/db/index.ts';

/**
 * The acquirer's expected fee of a payment of `amount` (alias column), in SQL: the contract of
 * `contract.ts` (`expectedFee`), interchange 0.20 % and scheme fee 0.05 % each rounded half up to
 * the cent, and €0.10 markup.
 */
const EXPECTED_FEE = (amount: string) =>
  sql.raw(`(floor((${amount} * 20 + 5000) / 10000.0) + floor((${amount} * 5 + 5000) / 10000.0) + 10)::bigint`);

/**
 * The money items of a merchant settlement (payments, refunds, chargebacks) with what the acquirer
 * should pay in for each (the signed amount, less its expected fee for a payment) and the lines of
 * the settlement files that settled it: one aggregate over the settlement's items and their lines.
 */
const ITEMS = (settlementId: string) => sql`with items as (
    select i.source_id as id, i.kind, i.amount,
      case when i.kind = 'payment' then ${EXPECTED_FEE('i.amount')} else 0 end as expected_fee
    from settlement_item i where i.settlement_id = ${settlementId} and i.kind in ('payment', 'refund', 'chargeback')),
  lines as (
    select l.matched_id, sum(l.net) as net, sum(l.interchange + l.scheme_fee + l.markup) as fee, bool_and(l.outcome = 'matched') as clean
    from settlement_line l where l.matched_id in (select id from items) group by l.matched_id),
  per as (
    select items.id, items.kind, items.amount - items.expected_fee as expected, items.expected_fee, lines.net, lines.fee, lines.clean,
      exists (select 1 from reconciliation_exception x where x.kind = 'missing_payment' and x.item_id = items.id) as reported_missing
    from items left join lines on lines.matched_id = items.id)`;

export type PayoutTotals = {
  items: string;
  expected: string | null;
  paid_in: string | null;
  matched: string;
  deviating: string;
  unconfirmed: string;
  unconfirmed_unexplained: string;
  unexplained_effect: string | null;
  expected_fee: string | null;
  actual_fee: string | null;
};

/**
 * A settlement's totals against the acquirer's files: expected and paid in (the matched lines'
 * net; a duplicate line's money comes with the exceptions), items matched exactly, reported with a
 * difference, and not reported by any file (of which those no `missing_payment` exception names
 * yet), and the fees of the reported payments, expected against charged.
 */
export const payoutTotals = async (db: Queryable, settlementId: string): Promise<PayoutTotals> =>
  (
    await db.query<PayoutTotals>(sql`${ITEMS(settlementId)}
    select count(*) as items, sum(expected) as expected, coalesce(sum(net), 0) as paid_in,
      count(*) filter (where net is not null and clean) as matched,
      count(*) filter (where net is not null and not clean) as deviating,
      count(*) filter (where net is null) as unconfirmed,
      count(*) filter (where net is null and not reported_missing) as unconfirmed_unexplained,
      coalesce(sum(-expected) filter (where net is null and not reported_missing), 0) as unexplained_effect,
      coalesce(sum(expected_fee) filter (where net is not null and kind = 'payment'), 0) as expected_fee,
      coalesce(sum(fee) filter (where net is not null and kind = 'payment'), 0) as actual_fee
    from per`)
  )[0];

export type PayoutException = {
  id: string;
  kind: string;
  state: string;
  item_type: string | null;
  item_id: string | null;
  merchant_reference: string | null;
  acquirer_reference: string | null;
  amount_difference: string;
  created_at: Date;
  effect: string;
};

/**
 * The exceptions about a settlement's items, each with its effect on what the acquirer paid in
 * against what was expected: a line's difference (its net against the item's expected net) counts
 * once, on its amount or fee exception (a late settlement alone carries it otherwise); a duplicate
 * line adds its net; a missing payment no file reported since takes away its expected net. Their
 * effects and the unreported items no exception names add up to the payout's difference.
 */
export const payoutExceptions = (db: Queryable, settlementId: string) =>
  db.query<PayoutException>(sql`${ITEMS(settlementId)}
    select x.id, x.kind, x.state, x.item_type, x.item_id, x.merchant_reference, x.acquirer_reference, x.amount_difference, x.created_at,
      case
        when x.kind = 'duplicate_line' then coalesce(l.net, 0)
        when x.kind = 'missing_payment' then case when per.net is null then -per.expected else 0 end
        when x.kind = 'late_settlement' and exists (select 1 from reconciliation_exception y where y.file_id = x.file_id
          and y.line_no = x.line_no and y.kind in ('amount_difference', 'fee_difference')) then 0
        when l.net is not null then l.net - per.expected
        else 0
      end as effect
    from reconciliation_exception x join per on per.id = x.item_id
      left join settlement_line l on l.file_id = x.file_id and l.line_no = x.line_no
    order by x.created_at, x.id`);
