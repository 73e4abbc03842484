import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { PermanentJobError, registerJobHandler, type JobRow } from './handlers.ts';
import { claimJob, completeJob } from './job.repository.ts';
import { enqueue } from './queue.ts';
import { createRunner } from './runner.ts';
import { tickSchedules } from './schedules.ts';

let db: Db;
const config = loadConfig({ NODE_ENV: 'test' }, { demo: false, inProcessWorker: false });
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const jobsOf = (queue: string) => db.query<JobRow>(sql`select * from job where queue = ${queue} order by id`);
const makeDue = (queue: string) =>
  db.query(sql`update job set run_at = now() where queue = ${queue} and status = 'queued'`);

describe('the job runner', () => {
  it('runs a job once and marks it done', async () => {
    const seen: unknown[] = [];
    registerJobHandler('t.once', async (payload) => void seen.push(payload));
    await enqueue(db, 't.once', { n: 1 });
    const runner = createRunner(db, config, { queues: ['t.once'] });
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
    const [job] = await jobsOf('t.once');
    expect(job).toMatchObject({ status: 'done', attempts: 1, locked_by: null, last_error: null });
    expect(job.finished_at).toBeInstanceOf(Date);
  });

  it('retries a failing job with growing backoff and fails it after max attempts', async () => {
    let calls = 0;
    registerJobHandler('t.fail', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    await enqueue(db, 't.fail', {}, { maxAttempts: 3 });
    const runner = createRunner(db, config, { queues: ['t.fail'], backoffBaseSeconds: 2 });
    for (const [attempt, expectedDelay] of [
      [1, 2],
      [2, 4],
    ]) {
      const before = Date.now();
      expect(await runner.runOnce()).toBe(true);
      const after = Date.now();
      const [job] = await jobsOf('t.fail');
      expect(job).toMatchObject({
        status: 'queued',
        attempts: attempt,
        last_error: `Error: boom ${attempt}`,
        locked_by: null,
      });
      // Exponential delay plus up to 20 % jitter, measured on the database clock.
      expect(job.run_at.getTime() - before).toBeGreaterThanOrEqual(expectedDelay * 1000 - 100);
      expect(job.run_at.getTime() - after).toBeLessThanOrEqual(expectedDelay * 1200 + 100);
      expect(await runner.runOnce()).toBe(false); // not due yet
      await makeDue('t.fail');
    }
    expect(await runner.runOnce()).toBe(true);
    const [job] = await jobsOf('t.fail');
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Error: boom 3' });
    expect(job.finished_at).toBeInstanceOf(Date);
    expect(await runner.runOnce()).toBe(false);
    expect(calls).toBe(3);
  });

  it('fails a job at once on a PermanentJobError', async () => {
    registerJobHandler('t.permanent', async () => {
      throw new PermanentJobError('row is gone');
    });
    await enqueue(db, 't.permanent', {}, { maxAttempts: 5 });
    await createRunner(db, config, { queues: ['t.permanent'] }).runOnce();
    expect((await jobsOf('t.permanent'))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'PermanentJobError: row is gone',
    });
  });

  it('reclaims a job whose worker crashed once its lease expires', async () => {
    let calls = 0;
    registerJobHandler('t.crash', async () => void calls++);
    await enqueue(db, 't.crash', {});
    // A worker claims the job and dies before finishing it.
    const lost = await claimJob(db, 'crashed-worker', 60, ['t.crash']);
    expect(lost).not.toBeNull();
    const runner = createRunner(db, config, { queues: ['t.crash'] });
    expect(await runner.runOnce()).toBe(false); // lease still held
    await db.query(sql`update job set locked_until = now() - interval '1 second' where queue = 't.crash'`);
    expect(await runner.runOnce()).toBe(true);
    expect(calls).toBe(1);
    expect((await jobsOf('t.crash'))[0]).toMatchObject({ status: 'done', attempts: 2 });
    // The crashed worker, were it to wake up, can no longer mark the job.
    expect(await completeJob(db, lost as JobRow)).toBe(false);
  });

  it('fails a reclaimed job that already used its last attempt instead of crash-looping', async () => {
    let calls = 0;
    registerJobHandler('t.poison', async () => void calls++);
    await enqueue(db, 't.poison', {}, { maxAttempts: 1 });
    await claimJob(db, 'crashed-worker', 60, ['t.poison']);
    await db.query(sql`update job set locked_until = now() - interval '1 second' where queue = 't.poison'`);
    expect(await createRunner(db, config, { queues: ['t.poison'] }).runOnce()).toBe(true);
    expect(calls).toBe(0);
    expect((await jobsOf('t.poison'))[0]).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('lease expired'),
    });
  });

  it('dedupes by uniqueKey while a job is pending, and frees the key once it finished', async () => {
    registerJobHandler('t.unique', async () => {});
    await enqueue(db, 't.unique', { a: 1 }, { uniqueKey: 'order-1' });
    await enqueue(db, 't.unique', { a: 2 }, { uniqueKey: 'order-1' });
    await enqueue(db, 't.unique', { a: 3 }, { uniqueKey: 'order-2' });
    expect((await jobsOf('t.unique')).map((j) => j.payload)).toEqual([{ a: 1 }, { a: 3 }]);
    await createRunner(db, config, { queues: ['t.unique'] }).drain();
    await enqueue(db, 't.unique', { a: 4 }, { uniqueKey: 'order-1' });
    expect((await jobsOf('t.unique')).map((j) => [j.payload, j.status])).toEqual([
      [{ a: 1 }, 'done'],
      [{ a: 3 }, 'done'],
      [{ a: 4 }, 'queued'],
    ]);
  });

  it('polls in the background and stop() waits for the jobs in flight', async () => {
    const finished: number[] = [];
    registerJobHandler('t.loop', async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished.push(payload.n as number);
    });
    for (let n = 0; n < 6; n++) await enqueue(db, 't.loop', { n });
    const runner = createRunner(db, config, { queues: ['t.loop'], concurrency: 2, idleMs: 20 });
    runner.start();
    for (let waited = 0; finished.length < 5 && waited < 5000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    await runner.stop();
    const jobs = await jobsOf('t.loop');
    // Whatever was claimed when stop() was called has completed; nothing is left running.
    expect(jobs.filter((j) => j.status === 'running')).toEqual([]);
    expect(jobs.filter((j) => j.status === 'done').length).toBe(finished.length);
    expect(finished.length).toBeGreaterThanOrEqual(5);
  });

  it('enqueues a periodic job once per time slot however often it ticks', async () => {
    registerJobHandler('t.periodic', async () => {});
    const schedule = { name: 't.periodic', queue: 't.periodic', everySeconds: 3600, payload: { kind: 'check' } };
    expect(await tickSchedules(db, [schedule])).toBe(1);
    expect(await tickSchedules(db, [schedule])).toBe(0);
    await createRunner(db, config, { queues: ['t.periodic'] }).drain();
    // Even with the first job done (its unique key free again), the same slot is not repeated.
    expect(await tickSchedules(db, [schedule])).toBe(0);
    expect(await jobsOf('t.periodic')).toHaveLength(1);
    // The next slot enqueues again.
    await db.query(sql`update job_schedule set last_slot = last_slot - 1 where name = 't.periodic'`);
    expect(await tickSchedules(db, [schedule])).toBe(1);
    expect((await jobsOf('t.periodic')).map((j) => j.payload)).toEqual([{ kind: 'check' }, { kind: 'check' }]);
  });
});
