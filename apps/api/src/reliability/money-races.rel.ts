import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZFeeRule } from '@kassa/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { tickSchedules } from '../jobs/schedules.ts';
import { insertSettlementMerchant, type SettlementMerchant } from '../modules/finance/settlement.fixtures.ts';
import { runSettlement } from '../modules/finance/settlement.service.ts';
import { runBilling } from '../modules/recurring/billing.service.ts';
import { insertCustomer, planBody } from '../modules/recurring/recurring.fixtures.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openPostgres } from '../plugins/db/postgres.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { recordFigures } from './figures.ts';

/**
 * Money races on PostgreSQL, between two API instances with their own connection pools (two
 * processes, as far as locking goes): each movement exactly once, none lost, none doubled.
 */
let t: TestApp;
let other: { app: FastifyInstance; db: Db };
let world: TestWorld;
let a: { cookie: string };
/**
 * Rounds per race: each round is a new race on fresh rows with different amounts, run by two pools
 * at once. Fewer than the first version (40, 25, 6, 20): every round raced the same code paths, and
 * the run has to fit in `npm test`.
 */
const ROUNDS = { refunds: 16, idempotency: 10, settlementMerchants: 3, scheduleSlots: 10 };
const figures: Record<string, number> = {
  racesRun: 0,
  requests: 0,
  moneyDoubled: 0,
  moneyLost: 0,
  refundRounds: ROUNDS.refunds,
  idempotencyRounds: ROUNDS.idempotency,
  settlementMerchants: ROUNDS.settlementMerchants,
  scheduleSlots: ROUNDS.scheduleSlots,
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  const [{ schema }] = await t.db.query<{ schema: string }>(sql`select current_schema() as schema`);
  const db = await openPostgres({ url: process.env.TEST_DATABASE_URL as string, schema, max: 5 });
  const app = await buildApp({ config: t.config, db });
  await app.ready();
  other = { app, db };
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
});
afterAll(async () => {
  recordFigures('money-races', figures);
  await other.app.close();
  await other.db.close();
  await t.close();
});

const apps = () => [t.app, other.app];
const DAY = 86_400_000;
/** A Monday, 00:00 UTC: the first weekly settlement period of the merchants settled here. */
const W0 = Date.UTC(2026, 0, 5);

const insertRefund = (db: Db, m: SettlementMerchant, tx: string, amount: number, at: Date) =>
  db.query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
    values (${`rf_${tx.slice(3)}`}, ${m.id}, ${m.id}, ${tx}, ${m.paymentProfileId}, ${amount}, 'EUR', 'PROCESSED', ${at})`);

/**
 * What must hold once a merchant is settled up to `now`: one settlement per period; every captured
 * payment and processed refund of the settled weeks in exactly one item; each settlement's total
 * equal to its items less fees; one payout per paying settlement, of its amount.
 */
const settledOnce = async (m: SettlementMerchant, now: Date): Promise<string[]> => {
  const problems: string[] = [];
  const periods = await t.db.query<{ period_start: Date; count: number }>(
    sql`select period_start, count(*)::int as count from settlement where merchant_id = ${m.id} and settlement_profile_id is not null group by period_start`,
  );
  for (const p of periods.filter((p) => p.count !== 1))
    problems.push(`${p.count} settlements of the week of ${p.period_start.toISOString().slice(0, 10)}`);
  const [{ end }] = await t.db.query<{ end: Date | null }>(
    sql`select max(period_end) as end from settlement where merchant_id = ${m.id} and settlement_profile_id is not null`,
  );
  if (!end || end.getTime() > now.getTime())
    return [...problems, `settled up to ${end?.toISOString()} at ${now.toISOString()}`];
  const missing = await t.db.query<{ kind: string; id: string; count: number }>(sql`
    select 'payment' as kind, t.id, (select count(*)::int from settlement_item i where i.kind = 'payment' and i.source_id = t.id) as count
      from transaction t join settlement_profile p on p.id = ${m.profileId}
      where t.merchant_id = ${m.id} and t.status = 'SETTLEMENT_COMPLETED' and t.created_at >= p.effective_from and t.created_at < ${end}
    union all
    select 'refund', r.id, (select count(*)::int from settlement_item i where i.kind = 'refund' and i.source_id = r.id)
      from refund r join settlement_profile p on p.id = ${m.profileId}
      where r.merchant_id = ${m.id} and r.status = 'PROCESSED' and r.created_at >= p.effective_from and r.created_at < ${end}`);
  for (const row of missing.filter((r) => r.count !== 1)) {
    if (row.count === 0) figures.moneyLost++;
    else figures.moneyDoubled++;
    problems.push(`${row.kind} ${row.id} in ${row.count} settlement items`);
  }
  const totals = await t.db.query<{
    id: string;
    amount: number;
    items: number;
    fee: number;
    payouts: number;
    paid: number | null;
  }>(sql`
    select s.id, s.amount::bigint::int as amount, coalesce((select sum(i.amount)::int from settlement_item i where i.settlement_id = s.id), 0) as items,
      s.fee::int as fee, (select count(*)::int from payout o where o.settlement_id = s.id) as payouts, (select sum(o.amount)::int from payout o where o.settlement_id = s.id) as paid
    from settlement s where s.merchant_id = ${m.id} and s.settlement_profile_id is not null`);
  for (const s of totals) {
    if (s.amount !== s.items - s.fee)
      problems.push(`settlement ${s.id}: amount ${s.amount}, items ${s.items} less fee ${s.fee}`);
    if (s.amount > 0 && (s.payouts !== 1 || s.paid !== s.amount))
      problems.push(`settlement ${s.id} of ${s.amount}: ${s.payouts} payouts of ${s.paid}`);
  }
  figures.settlementsChecked = (figures.settlementsChecked ?? 0) + totals.length;
  return problems;
};
const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app
    .inject({ method: 'POST', url, headers: { ...a, ...headers }, payload })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

describe('money races on PostgreSQL', () => {
  it('concurrent refunds never exceed a transaction, and every answered refund is there exactly once', async () => {
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS.refunds; round++) {
      const amount = 1000 + round * 137;
      const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount });
      const asks = Array.from({ length: 16 }, (_, i) => Math.max(1, Math.floor((amount * (((i * 7) % 10) + 1)) / 25)));
      const answers = await Promise.all(
        asks.map((ask, i) =>
          post(apps()[i % 2], `/v1/transaction/${tx}/refund`, { amount: ask, reason: `race ${round}` }),
        ),
      );
      figures.racesRun++;
      figures.requests += answers.length;
      const rows = await t.db.query<{ id: string; amount: number }>(
        sql`select id, amount from refund where transaction_id = ${tx}`,
      );
      const [{ refunded_amount: refunded }] = await t.db.query<{ refunded_amount: number }>(
        sql`select refunded_amount from transaction where id = ${tx}`,
      );
      const accepted = answers.filter((r) => r.status === 201);
      const rowTotal = rows.reduce((sum, r) => sum + Number(r.amount), 0);
      const answeredTotal = accepted.reduce((sum, r) => sum + Number(r.body.amount), 0);
      if (rowTotal > amount) {
        figures.moneyDoubled++;
        problems.push(`${tx}: refunds ${rowTotal} > ${amount}`);
      }
      if (rowTotal !== answeredTotal || rows.length !== accepted.length) {
        figures.moneyLost++;
        problems.push(`${tx}: ${accepted.length} answered (${answeredTotal}), ${rows.length} stored (${rowTotal})`);
      }
      if (Number(refunded) !== rowTotal) problems.push(`${tx}: refunded_amount ${refunded} ≠ ${rowTotal}`);
      const refused = answers.filter((r) => r.status !== 201);
      if (refused.some((r) => !(r.status === 422 && r.body.code === 'refund_exceeds_amount')))
        problems.push(`${tx}: ${refused.map((r) => r.status).join(',')}`);
      // The refusals are right: what is left is less than each refused ask.
      const refusedAsks = asks.filter((_, i) => answers[i].status !== 201);
      if (refusedAsks.length && amount - rowTotal >= Math.min(...refusedAsks))
        problems.push(`${tx}: ${amount - rowTotal} left while an ask of ${Math.min(...refusedAsks)} was refused`);
    }
    expect(problems).toEqual([]);
  });

  it('one Idempotency-Key sent many times at once makes one refund; in flight → 409, a changed body → 422', async () => {
    const problems: string[] = [];
    let inFlight = 0;
    for (let round = 0; round < ROUNDS.idempotency; round++) {
      const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 10_000 });
      const key = `race-${round}-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(apps()[i % 2], `/v1/transaction/${tx}/refund`, { amount: 2500 }, { 'idempotency-key': key }),
        ),
      );
      figures.racesRun++;
      figures.requests += answers.length;
      const created = answers.filter((r) => r.status === 201);
      inFlight += answers.filter((r) => r.status === 409 && r.body.code === 'idempotency_in_flight').length;
      if (answers.some((r) => r.status !== 201 && !(r.status === 409 && r.body.code === 'idempotency_in_flight')))
        problems.push(`${tx}: ${answers.map((r) => r.status).join(',')}`);
      if (new Set(created.map((r) => r.body.id)).size !== 1)
        problems.push(`${tx}: ${new Set(created.map((r) => r.body.id)).size} different refunds answered`);
      const changed = await post(
        apps()[round % 2],
        `/v1/transaction/${tx}/refund`,
        { amount: 2600 },
        { 'idempotency-key': key },
      );
      figures.requests++;
      if (changed.status !== 422 || changed.body.code !== 'idempotency_mismatch')
        problems.push(`${tx}: changed body answered ${changed.status}`);
      const rows = await t.db.query<{ amount: number }>(sql`select amount from refund where transaction_id = ${tx}`);
      if (rows.length !== 1) {
        if (rows.length > 1) figures.moneyDoubled++;
        else figures.moneyLost++;
        problems.push(`${tx}: ${rows.length} refunds stored`);
      }
    }
    figures.idempotencyInFlight409 = inFlight;
    expect(problems).toEqual([]);
    // Requests that arrived while the first was running were told so (not queued, not run twice).
    expect(inFlight).toBeGreaterThan(0);
  });

  it('three billing runs racing on three connection pools charge each cycle exactly once, cycle after cycle', async () => {
    const plan = (await post(t.app, '/v1/plan', planBody(world.profileA, { amount: 1500 }))).body.id;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const customer = await insertCustomer(t.db, world.shopA);
      ids.push((await post(t.app, '/v1/subscription', { customer, plan, start_date: '2026-01-01T00:00:00Z' })).body.id);
    }
    const third = await openPostgres({
      url: process.env.TEST_DATABASE_URL as string,
      schema: (await t.db.query<{ s: string }>(sql`select current_schema() as s`))[0].s,
      max: 3,
    });
    try {
      const months = ['2026-01-02', '2026-02-02', '2026-03-02', '2026-04-02'];
      for (const day of months) {
        const now = new Date(`${day}T00:00:00Z`);
        const results = await Promise.all([
          runBilling(t.db, { now }),
          runBilling(other.db, { now }),
          runBilling(third, { now }),
        ]);
        figures.racesRun++;
        expect(results.flatMap((r) => r.errors)).toEqual([]);
      }
      const charges = await t.db.query<{
        subscription_id: string;
        count: number;
        total: number;
      }>(sql`select subscription_id, count(*)::int as count, sum(amount)::int as total
        from transaction where subscription_id = any(${ids}) group by subscription_id`);
      const wrong = ids.filter((id) => charges.find((c) => c.subscription_id === id)?.count !== months.length);
      figures.moneyDoubled += charges.filter((c) => c.count > months.length).length;
      figures.moneyLost += ids.length - charges.filter((c) => c.count >= months.length).length;
      figures.billingCyclesCharged = charges.reduce((sum, c) => sum + c.count, 0);
      expect(wrong).toEqual([]);
    } finally {
      await third.close();
    }
  });

  it('two settlement runs of the same merchant at once settle each period, payment and refund exactly once, with one payout each', async () => {
    const problems: string[] = [];
    const rules = [ZFeeRule.parse({ fixed: 25, percentage_bp: 150 })];
    for (let round = 0; round < ROUNDS.settlementMerchants; round++) {
      // Four closed weeks of payments (some refunded), settled by runs on two pools at the same moment.
      const now = new Date(W0 + 4 * 7 * DAY + DAY);
      const m = await insertSettlementMerchant(t.db, world.provider.id, { rules, effectiveFrom: new Date(W0) });
      for (let i = 0; i < 24; i++) {
        const tx = await insertTestTransaction(t.db, { id: m.id, merchantId: m.id }, m.paymentProfileId, {
          amount: 1000 + i * 37 + round,
          createdAt: new Date(W0 + i * 27 * 3_600_000),
        });
        if (i % 5 === 0) await insertRefund(t.db, m, tx, 300, new Date(W0 + i * 27 * 3_600_000 + 3_600_000));
      }
      const runs = await Promise.all([
        runSettlement(t.db, { now, merchantId: m.id }),
        runSettlement(other.db, { now, merchantId: m.id }),
        runSettlement(t.db, { now, merchantId: m.id }),
      ]);
      figures.racesRun++;
      figures.settlementRunsRaced = (figures.settlementRunsRaced ?? 0) + runs.length;
      const created = runs.flatMap((r) => r.settlements);
      problems.push(...(await settledOnce(m, now)).map((p) => `round ${round}: ${p}`));
      if (created.length !== 4)
        problems.push(`round ${round}: ${created.length} settlements answered by the runs, 4 weeks closed`);
    }
    expect(problems).toEqual([]);
  });

  it('a settlement run racing refunds of the same merchant: every refund settled exactly once, in this run or the next', async () => {
    const problems: string[] = [];
    // Shop A (the signed-in merchant) collects through Kassa from three weeks back.
    const monday = new Date(Date.now() - ((new Date().getUTCDay() + 6) % 7) * DAY);
    const start = new Date(Date.UTC(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate()) - 3 * 7 * DAY);
    const m = await insertSettlementMerchant(t.db, world.provider.id, {
      rules: [],
      effectiveFrom: start,
      merchant: { id: world.shopA.id, paymentProfileId: world.profileA },
    });
    const txs: string[] = [];
    for (let i = 0; i < 30; i++)
      txs.push(
        await insertTestTransaction(t.db, world.shopA, world.profileA, {
          amount: 5000 + i,
          createdAt: new Date(start.getTime() + i * 16 * 3_600_000),
        }),
      );
    const accepted: { id: string; amount: number }[] = [];
    for (let round = 0; round < 5; round++) {
      // Refunds of payments in settled (and about to be settled) weeks while two runs settle them.
      const refunds = txs
        .slice(round * 6, round * 6 + 6)
        .flatMap((tx, i) => [
          post(apps()[i % 2], `/v1/transaction/${tx}/refund`, { amount: 700 + round }),
          post(apps()[(i + 1) % 2], `/v1/transaction/${tx}/refund`, { amount: 500 }),
        ]);
      const [answers] = await Promise.all([
        Promise.all(refunds),
        runSettlement(t.db, { now: new Date(), merchantId: m.id }),
        runSettlement(other.db, { now: new Date(), merchantId: m.id }),
      ]);
      figures.racesRun++;
      figures.requests += answers.length;
      figures.settlementRunsRaced = (figures.settlementRunsRaced ?? 0) + 2;
      for (const answer of answers) {
        if (answer.status === 201) accepted.push({ id: answer.body.id, amount: answer.body.amount });
        else problems.push(`refund answered ${answer.status}`);
      }
    }
    // The refunds of this week are settled once the week has closed: a run a week on.
    await runSettlement(t.db, { now: new Date(Date.now() + 8 * DAY), merchantId: m.id });
    const items = await t.db.query<{
      source_id: string;
      amount: number;
      count: number;
    }>(sql`select source_id, min(amount)::int as amount, count(*)::int as count
      from settlement_item where kind = 'refund' and source_id = any(${accepted.map((r) => r.id)}) group by source_id`);
    for (const refund of accepted) {
      const item = items.find((i) => i.source_id === refund.id);
      if (!item) {
        figures.moneyLost++;
        problems.push(`refund ${refund.id} (${refund.amount}) in no settlement`);
      } else if (item.count !== 1 || item.amount !== -refund.amount) {
        figures.moneyDoubled++;
        problems.push(`refund ${refund.id}: ${item.count} items of ${item.amount}`);
      }
    }
    problems.push(...(await settledOnce(m, new Date(Date.now() + 8 * DAY))));
    expect(accepted.length).toBe(60);
    expect(problems).toEqual([]);
  });

  it('schedule workers ticking at the same moment enqueue each periodic slot once', async () => {
    for (let round = 0; round < ROUNDS.scheduleSlots; round++) {
      const schedule = {
        name: `reliability.tick.${round}`,
        queue: 'reliability.tick',
        everySeconds: 3600,
        payload: {},
      };
      const won = await Promise.all(
        [t.db, other.db, t.db, other.db, t.db, other.db].map((db) => tickSchedules(db, [schedule])),
      );
      figures.racesRun++;
      expect(won.reduce((x, y) => x + y, 0)).toBe(1);
    }
    expect(await t.db.query(sql`select id from job where queue = 'reliability.tick'`)).toHaveLength(
      ROUNDS.scheduleSlots,
    );
  });
});
