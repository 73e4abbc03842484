import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { tickSchedules } from '../jobs/schedules.ts';
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
const figures: Record<string, number> = { racesRun: 0, requests: 0, moneyDoubled: 0, moneyLost: 0 };

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
const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...a, ...headers }, payload }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('money races on PostgreSQL', () => {
  it('concurrent refunds never exceed a transaction, and every answered refund is there exactly once', async () => {
    const problems: string[] = [];
    for (let round = 0; round < 40; round++) {
      const amount = 1000 + round * 137;
      const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount });
      const asks = Array.from({ length: 16 }, (_, i) => Math.max(1, Math.floor((amount * ((i * 7) % 10 + 1)) / 25)));
      const answers = await Promise.all(asks.map((ask, i) => post(apps()[i % 2], `/v1/transaction/${tx}/refund`, { amount: ask, reason: `race ${round}` })));
      figures.racesRun++;
      figures.requests += answers.length;
      const rows = await t.db.query<{ id: string; amount: number }>(sql`select id, amount from refund where transaction_id = ${tx}`);
      const [{ refunded_amount: refunded }] = await t.db.query<{ refunded_amount: number }>(sql`select refunded_amount from transaction where id = ${tx}`);
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
      if (refused.some((r) => !(r.status === 422 && r.body.code === 'refund_exceeds_amount'))) problems.push(`${tx}: ${refused.map((r) => r.status).join(',')}`);
      // The refusals are right: what is left is less than each refused ask.
      const refusedAsks = asks.filter((_, i) => answers[i].status !== 201);
      if (refusedAsks.length && amount - rowTotal >= Math.min(...refusedAsks)) problems.push(`${tx}: ${amount - rowTotal} left while an ask of ${Math.min(...refusedAsks)} was refused`);
    }
    expect(problems).toEqual([]);
  });

  it('one Idempotency-Key sent many times at once makes one refund; in flight → 409, a changed body → 422', async () => {
    const problems: string[] = [];
    let inFlight = 0;
    for (let round = 0; round < 25; round++) {
      const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 10_000 });
      const key = `race-${round}-${Date.now()}`;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(apps()[i % 2], `/v1/transaction/${tx}/refund`, { amount: 2500 }, { 'idempotency-key': key })));
      figures.racesRun++;
      figures.requests += answers.length;
      const created = answers.filter((r) => r.status === 201);
      inFlight += answers.filter((r) => r.status === 409 && r.body.code === 'idempotency_in_flight').length;
      if (answers.some((r) => r.status !== 201 && !(r.status === 409 && r.body.code === 'idempotency_in_flight'))) problems.push(`${tx}: ${answers.map((r) => r.status).join(',')}`);
      if (new Set(created.map((r) => r.body.id)).size !== 1) problems.push(`${tx}: ${new Set(created.map((r) => r.body.id)).size} different refunds answered`);
      const changed = await post(apps()[round % 2], `/v1/transaction/${tx}/refund`, { amount: 2600 }, { 'idempotency-key': key });
      figures.requests++;
      if (changed.status !== 422 || changed.body.code !== 'idempotency_mismatch') problems.push(`${tx}: changed body answered ${changed.status}`);
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
    const third = await openPostgres({ url: process.env.TEST_DATABASE_URL as string, schema: (await t.db.query<{ s: string }>(sql`select current_schema() as s`))[0].s, max: 3 });
    try {
      const months = ['2026-01-02', '2026-02-02', '2026-03-02', '2026-04-02'];
      for (const day of months) {
        const now = new Date(`${day}T00:00:00Z`);
        const results = await Promise.all([runBilling(t.db, { now }), runBilling(other.db, { now }), runBilling(third, { now })]);
        figures.racesRun++;
        expect(results.flatMap((r) => r.errors)).toEqual([]);
      }
      const charges = await t.db.query<{ subscription_id: string; count: number; total: number }>(sql`select subscription_id, count(*)::int as count, sum(amount)::int as total
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

  it('schedule workers ticking at the same moment enqueue each periodic slot once', async () => {
    for (let round = 0; round < 20; round++) {
      const schedule = { name: `reliability.tick.${round}`, queue: 'reliability.tick', everySeconds: 3600, payload: {} };
      const won = await Promise.all([t.db, other.db, t.db, other.db, t.db, other.db].map((db) => tickSchedules(db, [schedule])));
      figures.racesRun++;
      expect(won.reduce((x, y) => x + y, 0)).toBe(1);
    }
    expect(await t.db.query(sql`select id from job where queue = 'reliability.tick'`)).toHaveLength(20);
  });
});
