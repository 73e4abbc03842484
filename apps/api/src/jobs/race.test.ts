import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openPostgres } from '../plugins/db/postgres.ts';
import { openTestDb, testEngine } from '../test/engine.ts';
import { registerJobHandler } from './handlers.ts';
import { enqueue } from './queue.ts';
import { createRunner } from './runner.ts';
import { tickSchedules } from './schedules.ts';

const onPostgres = testEngine() === 'postgresql';
const config = loadConfig({ NODE_ENV: 'test' }, { demo: false, inProcessWorker: false });

// Two workers as two processes would be: each with its own connection pool on the same schema.
let first: Db;
let second: Db;
beforeAll(async () => {
  if (!onPostgres) return;
  first = await openTestDb();
  const [{ schema }] = await first.query<{ schema: string }>(sql`select current_schema() as schema`);
  second = await openPostgres({ url: process.env.TEST_DATABASE_URL as string, schema, max: 5 });
});
afterAll(async () => {
  if (!onPostgres) return;
  await second.close();
  await first.close();
});

describe('several workers on PostgreSQL', () => {
  it.skipIf(!onPostgres)('run each of 200 jobs exactly once when two workers race for them', async () => {
    const runs = new Map<number, number>();
    const byWorker = new Map<string, number>();
    registerJobHandler('race', async (_payload, { job }) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      byWorker.set(job.locked_by as string, (byWorker.get(job.locked_by as string) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    });
    for (let n = 0; n < 200; n++) await enqueue(first, 'race', { n });
    const runners = [first, second].map((db, i) =>
      createRunner(db, config, { queues: ['race'], concurrency: 4, idleMs: 10, workerId: `racer-${i}` }),
    );
    runners.forEach((runner) => runner.start());
    const done = async () =>
      (
        await first.query<{ count: number }>(
          sql`select count(*)::int as count from job where queue = 'race' and status = 'done'`,
        )
      )[0].count;
    for (let waited = 0; (await done()) < 200 && waited < 20_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    await Promise.all(runners.map((runner) => runner.stop()));

    const ids = (await first.query<{ id: number }>(sql`select id from job where queue = 'race'`)).map((row) => row.id);
    expect(ids).toHaveLength(200);
    expect(await done()).toBe(200);
    expect(ids.filter((id) => runs.get(id) !== 1)).toEqual([]);
    // Both really took part in the race.
    expect(byWorker.get('racer-0')).toBeGreaterThan(0);
    expect(byWorker.get('racer-1')).toBeGreaterThan(0);
  });

  it.skipIf(!onPostgres)('enqueue a periodic slot once when two workers tick at the same moment', async () => {
    const schedule = { name: 'race.periodic', queue: 'race.periodic', everySeconds: 60, payload: {} };
    const results = await Promise.all([first, second, first, second].map((db) => tickSchedules(db, [schedule])));
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await first.query(sql`select id from job where queue = 'race.periodic'`)).toHaveLength(1);
  });
});
