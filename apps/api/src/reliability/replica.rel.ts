import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { dbReads } from '../lib/metrics.ts';
import { sql } from '../plugins/db/index.ts';
import { openPostgres } from '../plugins/db/postgres.ts';
import { withReplicas } from '../plugins/db/replicas.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { recordFigures } from './figures.ts';
import { startReplica, type Replica } from './pg-cluster.ts';

/**
 * Read replicas for real: a streaming replica of the local PostgreSQL (pg_basebackup -R into a new
 * data directory on another port) behind DATABASE_READ_URL's router. Proves routing (a count and
 * statistics answered by the replica: a row the primary has and the paused replica has not is
 * missing from the answer), read-your-writes (the writer reads the primary, a colleague the
 * replica), lag fallback (replay paused → reads go to the primary within the bound) and a replica
 * stopped under load (0 errors answered). Skipped, with the reason printed, where PostgreSQL's
 * binaries or replication permission are missing.
 */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures: Record<string, number | string> = {};

let t: TestApp;
let world: TestWorld;
let schema: string;
let replica: Replica | undefined;
let skipped = '';
const primaryUrl = process.env.TEST_DATABASE_URL as string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  [{ schema }] = await t.db.query<{ schema: string }>(sql`select current_schema() as schema`);
  for (let i = 0; i < 20; i++) await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 + i });
  const started = Date.now();
  const made = await startReplica(primaryUrl);
  if ('skip' in made) {
    skipped = made.skip;
    console.warn(`Read-replica proofs skipped: ${made.skip}`);
  } else {
    replica = made;
    figures.replicaCreatedSeconds = Math.round((Date.now() - started) / 100) / 10;
    await replica.caughtUp();
  }
});
afterAll(async () => {
  replica?.remove();
  if (!skipped) recordFigures('replica', figures);
  await t.close();
});

/** The app as an API process with DATABASE_READ_URL pointing at the replica. */
const routedApp = async (maxLag: number) => {
  const primary = await openPostgres({ url: primaryUrl, schema, max: 6 });
  const readDb = await openPostgres({
    url: (replica as Replica).url,
    schema,
    max: 6,
    name: 'replica_1',
    readOnly: true,
    connectTimeoutMs: 1000,
  });
  const db = withReplicas(primary, [{ name: 'replica_1', db: readDb }], { maxLag, checkEveryMs: 200 });
  await db.checkReplicas();
  const app = await buildApp({ config: t.config, db });
  await app.ready();
  const writer = await signIn(app, 'a@test.kassa', TEST_PASSWORD);
  const colleague = await signIn(app, 'a-analyst@test.kassa', TEST_PASSWORD);
  return {
    app,
    db,
    writer,
    colleague,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
};

const countAs = async (app: FastifyInstance, who: { cookie: string }) => {
  const response = await app.inject({ method: 'GET', url: '/v1/transaction/count', headers: who });
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number }>().count;
};
const primaryCount = async () =>
  (
    await t.db.query<{ n: number }>(
      sql`select count(*)::int as n from transaction where organisation_id = ${world.shopA.id}`,
    )
  )[0].n;

/** The routed reads counted so far, by `pool/reason`. */
const reads = async () =>
  Object.fromEntries((await dbReads.get()).values.map((v) => [`${v.labels.pool}/${v.labels.reason}`, v.value]));
const delta = (before: Record<string, number>, after: Record<string, number>, key: string) =>
  (after[key] ?? 0) - (before[key] ?? 0);

const until = async (condition: () => boolean | Promise<boolean>, ms: number) => {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await wait(25);
  }
  return Date.now() - started;
};

describe('read replicas (a real streaming replica)', () => {
  it('answers counts and statistics from the replica, and a writer from the primary (read-your-writes)', async (context) => {
    if (!replica) return context.skip(skipped);
    const routed = await routedApp(60);
    try {
      const before = await countAs(routed.app, routed.colleague);
      expect(before).toBe(await primaryCount());
      // A row the primary has and the replica has not yet: replay paused, written beside the API.
      await replica.pauseReplay();
      await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 777 });
      expect(await primaryCount()).toBe(before + 1);
      const counted = await reads();
      expect(await countAs(routed.app, routed.colleague)).toBe(before);
      const stats = await routed.app.inject({
        method: 'GET',
        url: '/v1/transaction/aggregate/total?currency_code=EUR',
        headers: routed.colleague,
      });
      expect(stats.statusCode).toBe(200);
      const afterReads = await reads();
      expect(delta(counted, afterReads, 'replica_1/replica')).toBeGreaterThanOrEqual(2);
      expect(delta(counted, afterReads, 'primary/lagging')).toBe(0);

      // The writer changes its profile: its next reads are the primary's (it sees the new row);
      // its colleague, who wrote nothing, still reads the replica.
      const wrote = await routed.app.inject({
        method: 'POST',
        url: '/v1/profile',
        headers: routed.writer,
        payload: { name: 'Writer' },
      });
      expect(wrote.statusCode).toBe(200);
      expect(await countAs(routed.app, routed.writer)).toBe(before + 1);
      expect(await countAs(routed.app, routed.colleague)).toBe(before);
      expect(delta(afterReads, await reads(), 'primary/own_write')).toBeGreaterThanOrEqual(1);

      await replica.resumeReplay();
      await replica.caughtUp();
      expect(await countAs(routed.app, routed.colleague)).toBe(before + 1);
      figures.routedReadsChecked = 5;
    } finally {
      await replica.resumeReplay().catch(() => {});
      await routed.close();
    }
  });

  it('skips a replica whose replay is paused once it lags past the bound, and uses it again when it has caught up', async (context) => {
    if (!replica) return context.skip(skipped);
    const routed = await routedApp(1);
    try {
      expect(routed.db.replicas()[0].usable).toBe(true);
      const before = await countAs(routed.app, routed.colleague);
      await replica.pauseReplay();
      await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 778 });
      // Measured by the replica itself: the age of the last transaction it replayed.
      figures.lagSkipMs = await until(() => !routed.db.replicas()[0].usable, 10_000);
      const counted = await reads();
      // The colleague wrote nothing, yet reads the primary: the new row is there.
      expect(await countAs(routed.app, routed.colleague)).toBe(before + 1);
      expect(delta(counted, await reads(), 'primary/lagging')).toBe(1);
      figures.lagWhenSkipped = Math.round(routed.db.replicas()[0].lag * 10) / 10;

      await replica.resumeReplay();
      figures.lagRecoverMs = await until(() => routed.db.replicas()[0].usable, 10_000);
      const back = await reads();
      expect(await countAs(routed.app, routed.colleague)).toBe(before + 1);
      expect(delta(back, await reads(), 'replica_1/replica')).toBe(1);
    } finally {
      await replica.resumeReplay().catch(() => {});
      await routed.close();
    }
  });

  it('keeps answering, without one error, while the replica is stopped under load and started again', async (context) => {
    if (!replica) return context.skip(skipped);
    const routed = await routedApp(5);
    const problems: string[] = [];
    let requests = 0;
    let stop = false;
    const before = await reads();
    const urls = [
      '/v1/transaction/count',
      '/v1/transaction/aggregate/total?currency_code=EUR',
      '/v1/statistics/aggregate/day?currency_code=EUR',
      '/v1/transaction?_limit=5',
    ];
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      for (let i = 0; !stop; i++) {
        const writes = lane === 3 && i % 4 === 0;
        const response = writes
          ? await routed.app.inject({
              method: 'POST',
              url: '/v1/profile',
              headers: routed.writer,
              payload: { name: `Writer ${i}` },
            })
          : await routed.app.inject({
              method: 'GET',
              url: urls[(lane + i) % urls.length],
              headers: lane === 3 ? routed.writer : routed.colleague,
            });
        requests++;
        if (response.statusCode !== 200) problems.push(`${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    });
    try {
      await wait(1500);
      const stopped = Date.now();
      await replica.stop('immediate');
      await until(() => !routed.db.replicas()[0].up, 5000);
      figures.replicaDownDetectedMs = Date.now() - stopped;
      await wait(1500);
      await replica.start();
      figures.replicaBackMs = await until(() => routed.db.replicas()[0].usable, 20_000);
      await wait(1000);
    } finally {
      stop = true;
      await Promise.all(lanes);
    }
    const after = await reads();
    figures.requestsUnderLoad = requests;
    figures.errorsAnswered = problems.length;
    figures.readsOnReplica = delta(before, after, 'replica_1/replica');
    figures.readsMovedToPrimary = delta(before, after, 'primary/replica_failed');
    figures.readsWhileDown = delta(before, after, 'primary/down');
    await routed.close();
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    // Reads were answered by the replica before it stopped and after it came back, by the primary between.
    expect(figures.readsOnReplica).toBeGreaterThan(10);
    expect(Number(figures.readsWhileDown) + Number(figures.readsMovedToPrimary)).toBeGreaterThan(0);
  });
});
