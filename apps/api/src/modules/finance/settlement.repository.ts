import { SETTLEMENT_ITEM_KINDS, type TFeeRule } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import { feeExpression } from './fee-expression.sql.ts';

/** Transaction statuses whose money the provider has captured and owes the merchant. */
export const CAPTURED_STATUSES = ['SETTLEMENT_COMPLETED', 'SETTLED', 'PAID'] as const;

export type ProfileRow = {
  id: string;
  merchant_id: string;
  currency_code: string;
  effective_from: Date;
  bank_account_id: string;
  interval: 'daily' | 'weekly' | 'monthly';
  payout_delay_days: number;
  minimum_payout: number;
  country_code: string | null;
  revenue_rules: TFeeRule[] | null;
  revenue_from: Date | null;
  revenue_to: Date | null;
  cost_rules: TFeeRule[] | null;
  cost_from: Date | null;
  cost_to: Date | null;
  partner_rules: TFeeRule[] | null;
  partner_from: Date | null;
  partner_to: Date | null;
  reserve_bp: number | null;
  reserve_days: number | null;
};

const schemeColumns = (alias: string, name: string) =>
  sql.raw(
    `${alias}.rules as ${name}_rules, ${alias}.valid_from::timestamp at time zone 'UTC' as ${name}_from, ${alias}.valid_to::timestamp at time zone 'UTC' as ${name}_to`,
  );
const PROFILE_COLUMNS = sql`p.id, p.merchant_id, p.currency_code, p.effective_from::timestamp at time zone 'UTC' as effective_from, p.bank_account_id, s.interval, s.payout_delay_days, s.minimum_payout,
  m.country_code, ${schemeColumns('rs', 'revenue')}, ${schemeColumns('cs', 'cost')}, ${schemeColumns('ps', 'partner')}, res.reserve_bp, res.reserve_days`;
const PROFILE_JOINS = sql`from settlement_profile p
  join settlement_schedule s on s.id = p.settlement_schedule_id
  join finance_package k on k.id = p.package_id
  join organisation m on m.id = p.merchant_id
  left join pricing_scheme rs on rs.id = k.revenue_scheme_id and rs.active
  left join pricing_scheme cs on cs.id = k.cost_scheme_id and cs.active
  left join pricing_scheme ps on ps.id = k.partner_scheme_id and ps.active
  left join pricing_scheme res on res.id = k.reserve_scheme_id and res.active`;

/** Active profiles whose merchant has the collecting feature (optionally of one merchant). */
export const activeProfiles = (db: Queryable, merchantId: string | null) =>
  db.query<ProfileRow>(sql`select ${PROFILE_COLUMNS} ${PROFILE_JOINS}
    where p.active and s.active and 'collecting' = any(m.features) ${merchantId ? sql`and p.merchant_id = ${merchantId}` : sql.empty}
    order by p.merchant_id, p.currency_code`);

/** The profile again, locked: concurrent runs for one merchant and currency queue here. */
export const lockProfile = async (db: Queryable, id: string): Promise<ProfileRow | undefined> => {
  await db.query(sql`select 1 from settlement_profile where id = ${id} and active for update`);
  const [row] = await db.query<ProfileRow>(
    sql`select ${PROFILE_COLUMNS} ${PROFILE_JOINS} where p.id = ${id} and p.active`,
  );
  return row;
};

/** The end of the last settled period of this merchant and currency. */
export const lastPeriodEnd = async (db: Queryable, merchantId: string, currency: string): Promise<Date | null> => {
  const [row] = await db.query<{ end: Date | null }>(sql`select max(period_end) as end from settlement
    where merchant_id = ${merchantId} and currency_code = ${currency} and settlement_profile_id is not null`);
  return row?.end ?? null;
};

export const settlementExists = async (
  db: Queryable,
  merchantId: string,
  currency: string,
  start: Date,
): Promise<boolean> => {
  const [row] = await db.query(
    sql`select 1 from settlement where merchant_id = ${merchantId} and currency_code = ${currency} and period_start = ${start} and settlement_profile_id is not null`,
  );
  return Boolean(row);
};

type Window = { settlementId: string; merchantId: string; currency: string; from: Date; end: Date };

/** The fee rules of the package's schemes valid for a period (an empty list prices at 0). */
export type Pricing = { revenue: readonly TFeeRule[]; cost: readonly TFeeRule[]; partner: readonly TFeeRule[] };

type Money = { amount: number; fee: number; cost: number; commission: number; count: number };
export type Totals = Record<(typeof SETTLEMENT_ITEM_KINDS)[number], Money>;
type KindTotal = Money & { kind: keyof Totals };

/**
 * Items are written with `on conflict (kind, source_id) do nothing`: money already settled is
 * skipped by the unique index itself (an anti-join against the table being filled would rescan
 * it for every row). Each insert answers the sums of what it wrote, per kind, from its own
 * `returning` rows, so the settlement's totals need no second read of a million items.
 */
const summed = (db: Queryable, insert: Sql) =>
  db.query<KindTotal>(sql`with written as (${insert} returning kind, amount, fee, cost, commission)
    select kind, count(*)::int as count, coalesce(sum(amount), 0)::bigint as amount, coalesce(sum(fee), 0)::bigint as fee,
      coalesce(sum(cost), 0)::bigint as cost, coalesce(sum(commission), 0)::bigint as commission
    from written group by kind`);

/**
 * Captured live payments of the window (test payments are never settled nor paid out, issue 38), in one pass over the transactions: each with its fee
 * (revenue scheme, the merchant pays it), the provider's cost (cost scheme) and the partner's
 * commission (partner scheme), each by the most specific matching rule (see `feeExpression`).
 * Periods never overlap (a run settles only periods after the last settled one, under the
 * profile's lock), so a plain insert: a payment that was somehow settled already makes the unique
 * source index fail the whole settlement instead of being skipped, and the speculative insertion
 * of `on conflict` (a fifth of the cost per row) is saved for the million payments.
 */
export const insertPaymentItems = (db: Queryable, w: Window, pricing: Pricing, home: string | null) =>
  summed(
    db,
    sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, transaction_id, payment_product, card_brand, amount, fee, cost, commission, currency_code, created_at)
    select ${w.settlementId}, t.organisation_id, t.merchant_id, 'payment', t.id, t.id, t.payment_product_type, t.card_brand, t.amount,
      ${feeExpression(pricing.revenue, home)}, ${feeExpression(pricing.cost, home)}, ${feeExpression(pricing.partner, home)}, t.currency_code, t.created_at
    from transaction t
    where t.merchant_id = ${w.merchantId} and t.mode = 'live' and t.currency_code = ${w.currency} and t.status = any(${[...CAPTURED_STATUSES]})
      and t.created_at >= ${w.from} and t.created_at < ${w.end}`,
  );

/** Processed refunds and chargebacks lost in the window (opened earlier or not), as negative items. */
export const insertDeductionItems = async (db: Queryable, w: Window) => [
  ...(await summed(
    db,
    sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, transaction_id, payment_product, amount, currency_code, created_at)
    select ${w.settlementId}, r.organisation_id, r.merchant_id, 'refund', r.id, r.transaction_id, t.payment_product_type, -r.amount, r.currency_code, r.created_at
    from refund r join transaction t on t.id = r.transaction_id
    where r.merchant_id = ${w.merchantId} and r.mode = 'live' and r.currency_code = ${w.currency} and r.status = 'PROCESSED' and r.created_at >= ${w.from} and r.created_at < ${w.end}
    on conflict (kind, source_id) do nothing`,
  )),
  ...(await summed(
    db,
    sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, transaction_id, payment_product, amount, currency_code, created_at)
    select ${w.settlementId}, c.organisation_id, c.merchant_id, 'chargeback', c.id, c.transaction_id, t.payment_product_type, -c.amount, c.currency_code, c.created_at
    from chargeback c join transaction t on t.id = c.transaction_id
    where c.merchant_id = ${w.merchantId} and c.mode = 'live' and c.currency_code = ${w.currency} and c.status = 'LOST' and c.amount > 0
      and coalesce(c.resolved_at, c.created_at) >= ${w.from} and coalesce(c.resolved_at, c.created_at) < ${w.end}
    on conflict (kind, source_id) do nothing`,
  )),
];

/** Open one-offs due by the end of the period are settled now, once. */
export const settleOneOffs = async (db: Queryable, w: Window) => {
  const written = await summed(
    db,
    sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, amount, currency_code, created_at)
    select ${w.settlementId}, o.organisation_id, o.merchant_id, 'one_off', o.id, o.amount, o.currency_code, o.effective_date
    from one_off o where o.merchant_id = ${w.merchantId} and o.currency_code = ${w.currency} and o.status = 'OPEN' and o.effective_date < ${w.end}`,
  );
  await db.query(sql`update one_off set status = 'SETTLED', settlement_id = ${w.settlementId}, updated_at = now()
    where merchant_id = ${w.merchantId} and currency_code = ${w.currency} and status = 'OPEN' and effective_date < ${w.end}`);
  return written;
};

/** Balances of earlier settlements carried over (below the minimum payout, or negative) are taken into this one. */
export const insertCarryOvers = (db: Queryable, w: Window) =>
  summed(
    db,
    sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, amount, currency_code, created_at)
    select ${w.settlementId}, s.organisation_id, s.merchant_id, 'carry_over', s.id, s.amount, s.currency_code, s.period_end
    from settlement s where s.merchant_id = ${w.merchantId} and s.currency_code = ${w.currency} and s.status = 'CARRIED' and s.amount <> 0 and s.settlement_profile_id is not null and s.id <> ${w.settlementId}
    on conflict (kind, source_id) do nothing`,
  );

/** Reserves held long enough are released into this settlement. */
export const insertReserveReleases = (db: Queryable, w: Window, reserveDays: number | null) =>
  summed(
    db,
    sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, amount, currency_code, created_at)
    select ${w.settlementId}, s.organisation_id, s.merchant_id, 'reserve_release', i.settlement_id, -i.amount, i.currency_code, ${w.end}
    from settlement_item i join settlement s on s.id = i.settlement_id
    where i.kind = 'reserve' and i.merchant_id = ${w.merchantId} and i.currency_code = ${w.currency}
      and s.period_end + make_interval(days => ${reserveDays ?? 0}) <= ${w.end} and i.settlement_id <> ${w.settlementId}
    on conflict (kind, source_id) do nothing`,
  );

/** The reserve held from this period's payments (`held`, already rounded by the caller). */
export const insertReserve = (db: Queryable, w: Window, held: number) =>
  summed(
    db,
    sql`insert into settlement_item (settlement_id, organisation_id, merchant_id, kind, source_id, amount, currency_code, created_at)
    values (${w.settlementId}, ${w.merchantId}, ${w.merchantId}, 'reserve', ${w.settlementId}, ${-held}, ${w.currency}, ${w.end})`,
  );

const NO_MONEY: Money = { amount: 0, fee: 0, cost: 0, commission: 0, count: 0 };

/** The per-kind sums of every insert of a settlement added up (each kind zero when nothing was written). */
export const totalsFrom = (written: readonly KindTotal[]): Totals => {
  const totals = Object.fromEntries(SETTLEMENT_ITEM_KINDS.map((kind) => [kind, { ...NO_MONEY }])) as Totals;
  for (const row of written) {
    const t = totals[row.kind];
    t.amount += row.amount;
    t.fee += row.fee;
    t.cost += row.cost;
    t.commission += row.commission;
    t.count += row.count;
  }
  return totals;
};

export type NewSettlement = {
  id: string;
  merchantId: string;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  profileId: string;
  bankAccountId: string;
  now: Date;
};

/** A settlement of one period, amount 0 until its items are in (see `closeSettlement`). */
export const insertSettlement = (db: Queryable, s: NewSettlement) =>
  db.query(sql`insert into settlement (id, organisation_id, merchant_id, currency_code, amount, period_start, period_end, status, settlement_profile_id, bank_account_id, created_at, updated_at)
    values (${s.id}, ${s.merchantId}, ${s.merchantId}, ${s.currency}, 0, ${s.periodStart}, ${s.periodEnd}, 'PENDING', ${s.profileId}, ${s.bankAccountId}, ${s.now}, ${s.now})`);

export type SettlementOutcome = {
  fee: number;
  cost: number;
  commission: number;
  amount: number;
  status: 'PAID' | 'PENDING' | 'CARRIED';
};

/** The settlement's figures from its items' totals, and what happens to its money. */
export const closeSettlement = (db: Queryable, id: string, totals: Totals, outcome: SettlementOutcome) =>
  db.query(sql`update settlement set gross = ${totals.payment.amount}, refunded = ${-totals.refund.amount}, chargebacks = ${-totals.chargeback.amount},
      fee = ${outcome.fee}, cost = ${outcome.cost}, commission = ${outcome.commission}, reserve = ${-totals.reserve.amount}, reserve_released = ${totals.reserve_release.amount}, one_offs = ${totals.one_off.amount + totals.carry_over.amount},
      amount = ${outcome.amount}, transaction_count = ${totals.payment.count}, status = ${outcome.status}
    where id = ${id}`);

export type NewPayout = {
  id: string;
  settlementId: string;
  merchantId: string;
  bankAccountId: string;
  amount: number;
  currency: string;
  paid: boolean;
  payDate: string;
  now: Date;
};

export const insertPayout = (db: Queryable, p: NewPayout) =>
  db.query(sql`insert into payout (id, settlement_id, organisation_id, merchant_id, bank_account_id, amount, currency_code, status, pay_date, created_at, updated_at)
    values (${p.id}, ${p.settlementId}, ${p.merchantId}, ${p.merchantId}, ${p.bankAccountId}, ${p.amount}, ${p.currency}, ${p.paid ? 'PAID' : 'SCHEDULED'}, ${p.payDate}, ${p.now}, ${p.now})`);

/** Scheduled payouts due by `today` become paid, and so do their settlements; the settlements paid. */
export const payDuePayouts = async (db: Queryable, today: string): Promise<number> => {
  const paid = await db.query<{ settlement_id: string }>(
    sql`update payout set status = 'PAID', updated_at = now() where status = 'SCHEDULED' and pay_date <= ${today} returning settlement_id`,
  );
  if (paid.length)
    await db.query(
      sql`update settlement set status = 'PAID', updated_at = now() where id = any(${paid.map((p) => p.settlement_id)})`,
    );
  return paid.length;
};

/** The day a settlement's payout is (or was) made, `YYYY-MM-DD`; null when it has none (carried). */
export const payoutDateOf = async (db: Queryable, settlementId: string): Promise<string | null> => {
  const [row] = await db.query<{ day: string }>(
    sql`select to_char(pay_date, 'YYYY-MM-DD') as day from payout where settlement_id = ${settlementId}`,
  );
  return row?.day ?? null;
};

export type SettlementLine = {
  kind: (typeof SETTLEMENT_ITEM_KINDS)[number];
  payment_product: string | null;
  count: number;
  amount: number;
  fee: number;
  net: number;
};

/** A settlement's lines: its items summed per kind and payment product, in the kinds' order. */
export const settlementLines = (db: Queryable, settlementId: string) =>
  db.query<SettlementLine>(sql`select kind, payment_product, count(*)::int as count, sum(amount)::bigint as amount, sum(fee)::bigint as fee,
      (sum(amount) - sum(fee))::bigint as net
    from settlement_item where settlement_id = ${settlementId}
    group by kind, payment_product order by array_position(${[...SETTLEMENT_ITEM_KINDS]}::text[], kind), payment_product nulls last`);
