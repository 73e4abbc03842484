import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { registerJobHandler } from './handlers.ts';
import { enqueue } from './queue.ts';
import { createRunner } from './runner.ts';

const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('stopping a worker with a deadline', () => {
  it('lets short jobs finish and hands long ones back, due at once and without using an attempt', async () => {
    registerJobHandler('test.release', async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, Number(payload.ms)));
    });
    await db.transaction(async (tx) => {
      await enqueue(tx, 'test.release', { ms: 100 });
      await enqueue(tx, 'test.release', { ms: 60_000 });
    });
    const runner = createRunner(db, config, { queues: ['test.release'], concurrency: 2, idleMs: 20 });
    runner.start();
    const running = () =>
      db.query<{ n: number }>(
        sql`select count(*)::int as n from job where queue = 'test.release' and status = 'running'`,
      );
    for (let i = 0; i < 100 && (await running())[0].n < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await runner.stop(500);
    expect(Date.now() - started).toBeLessThan(2000);
    const jobs = await db.query<{
      ms: number;
      status: string;
      attempts: number;
      locked_by: string | null;
      due: boolean;
    }>(
      sql`select (payload->>'ms')::int as ms, status, attempts, locked_by, run_at <= now() as due from job where queue = 'test.release' order by id`,
    );
    expect(jobs).toEqual([
      { ms: 100, status: 'done', attempts: 1, locked_by: null, due: true },
      { ms: 60_000, status: 'queued', attempts: 0, locked_by: null, due: true },
    ]);
    // Another worker claims it at once.
    const next = createRunner(db, config, { queues: ['test.release'] });
    const [claimed] = await db.query<{ id: number }>(
      sql`select id from job where queue = 'test.release' and status = 'queued'`,
    );
    registerJobHandler('test.release', async () => {});
    expect(await next.runOnce()).toBe(true);
    expect((await db.query<{ status: string }>(sql`select status from job where id = ${claimed.id}`))[0].status).toBe(
      'done',
    );
  });
});
