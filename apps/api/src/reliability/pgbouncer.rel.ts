import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { sql } from '../plugins/db/index.ts';
import { openPostgres } from '../plugins/db/postgres.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { recordFigures } from './figures.ts';
import { startPgbouncer } from './pg-cluster.ts';

/**
 * Kassa behind PgBouncer (Debian's package, started by the test on a free port) in session and in
 * transaction mode: sign-in, lists with their snapshot, counts, statistics, a CSV export (a
 * cursor), refunds with idempotency keys, profile writes and sign-out (whose NOTIFY reaches the
 * LISTEN connection) at 6 at a time, every answer as expected and every statement through the
 * pooler. Skipped, with the reason printed, where pgbouncer is not installed.
 */
const figures: Record<string, number | string> = { errors: 0 };
const primaryUrl = process.env.TEST_DATABASE_URL as string;
let t: TestApp;
let world: TestWorld;
let schema: string;
let skipped = '';

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  [{ schema }] = await t.db.query<{ schema: string }>(sql`select current_schema() as schema`);
});
afterAll(async () => {
  if (!skipped) recordFigures('pgbouncer', figures);
  await t.close();
});

describe('behind PgBouncer', () => {
  for (const mode of ['session', 'transaction'] as const)
    it(`answers every kind of request in ${mode} mode`, async (context) => {
      // Session mode pins a server connection to each of Kassa's (8 + 4 for generic plans + LISTEN):
      // its pool must hold them all. Transaction mode shares 4 between them.
      // The schema: in session mode Kassa SETs it on each connection; in transaction mode PgBouncer's
      // connect_query does (a SET of one client would land on whichever server connection it got).
      const bouncer = await startPgbouncer(primaryUrl, mode, {
        schema: mode === 'transaction' ? schema : undefined,
        poolSize: mode === 'session' ? 14 : 4,
      });
      if ('skip' in bouncer) {
        skipped = bouncer.skip;
        console.warn(`PgBouncer proofs skipped: ${bouncer.skip}`);
        return context.skip(bouncer.skip);
      }
      figures.version = bouncer.version;
      // Transaction mode: LISTEN keeps a session, so it goes to the server directly.
      const db = await openPostgres({
        url: bouncer.url,
        schema,
        max: 8,
        pooler: mode,
        listenUrl: mode === 'transaction' ? primaryUrl : undefined,
      });
      const app = await buildApp({ config: t.config, db });
      await app.ready();
      const problems: string[] = [];
      let requests = 0;
      try {
        const transactions: string[] = [];
        for (let i = 0; i < 24; i++)
          transactions.push(await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 }));
        const who = await signIn(app, 'a@test.kassa', TEST_PASSWORD);
        const expectOk = (label: string, status: number, body: string, ok = [200, 201]) => {
          requests++;
          if (!ok.includes(status)) problems.push(`${label}: ${status} ${body.slice(0, 200)}`);
        };
        const lanes = Array.from({ length: 6 }, async (_, lane) => {
          for (let i = 0; i < 8; i++) {
            const tx = transactions[(lane * 8 + i) % transactions.length];
            const [method, url, payload, headers] = [
              ['GET', '/v1/transaction?_limit=5&_populate=customer'],
              ['GET', '/v1/transaction/count'],
              ['GET', '/v1/transaction/aggregate/total?currency_code=EUR'],
              ['GET', '/v1/statistics/aggregate/day?currency_code=EUR'],
              ['GET', '/v1/transaction/export?_limit=50'],
              [
                'POST',
                `/v1/transaction/${tx}/refund`,
                { amount: 100 },
                { 'idempotency-key': `bouncer-${mode}-${tx}-${i}` },
              ],
              ['POST', '/v1/profile', { name: `Bouncer ${lane}-${i}` }],
              ['GET', '/v1/profile'],
            ][(lane + i) % 8] as [string, string, object?, Record<string, string>?];
            const response = await app.inject({
              method: method as 'GET' | 'POST',
              url,
              payload,
              headers: { ...who, ...headers },
            });
            expectOk(
              `${method} ${url}`,
              response.statusCode,
              response.body,
              method === 'POST' ? [200, 201, 422] : [200],
            );
          }
        });
        await Promise.all(lanes);
        // Sign-out: the session is gone at once (its NOTIFY reached this process's LISTEN connection).
        const out = await app.inject({ method: 'POST', url: '/v1/auth/logout', headers: who });
        expectOk('logout', out.statusCode, out.body, [200, 204]);
        const after = await app.inject({ method: 'GET', url: '/v1/profile', headers: who });
        expectOk('after logout', after.statusCode, after.body, [401]);
        // Every refund once: 100 per request that was answered 201, nothing doubled.
        const [{ doubled }] = await t.db.query<{ doubled: number }>(sql`
          select count(*)::int as doubled from transaction t
          where t.id = any(${transactions}) and t.refunded_amount <> coalesce((select sum(r.amount) from refund r where r.transaction_id = t.id), 0)`);
        if (doubled) problems.push(`${doubled} transactions with refunds not adding up`);
        const [{ refunds }] = await t.db.query<{ refunds: number }>(
          sql`select count(*)::int as refunds from refund where transaction_id = any(${transactions})`,
        );
        expect(refunds).toBeGreaterThan(0);
        const stats = await bouncer.admin<{ database: string; total_xact_count: string }>('show stats');
        const through = Number(stats.find((row) => row.database === 'kassa')?.total_xact_count ?? 0);
        figures[`${mode}Requests`] = requests;
        figures[`${mode}TransactionsThroughPooler`] = through;
        figures.errors = Number(figures.errors) + problems.length;
        expect(problems).toEqual([]);
        expect(through).toBeGreaterThan(requests);
      } finally {
        await app.close();
        await db.close();
        await bouncer.stop();
      }
    });
});
