import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Db, Queryable } from './db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { createTestWorld, TEST_PASSWORD } from '../test/world.ts';

/**
 * Issue 33 item 4: a database that cannot write (its disk full, as PGlite and PostgreSQL both
 * report with SQLSTATE 53100) is an outage a load balancer sees, not a stream of 500s behind a
 * ready process. The app's handle on the database refuses every write the way the engines do.
 */
let app: FastifyInstance;
let db: Db;
/** While set, every writing statement fails with this error; reads still work, as on a full disk. */
let refusal: Error | undefined;
const WRITE = /^\s*(insert|update|delete|with|create|alter|drop)\b/i;
const refuseWrites = (target: Queryable): Queryable => ({
  query: (statement) => (refusal && WRITE.test(statement.text) ? Promise.reject(refusal) : target.query(statement)),
  exec: (text) => (refusal ? Promise.reject(refusal) : target.exec(text)),
});
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const DISK_FULL = pgError('53100', 'could not extend file "base/5/16385": No space left on device');

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const messages = () => lines.map((line) => String((JSON.parse(line) as { msg?: string }).msg ?? ''));

beforeAll(async () => {
  db = await openTestDb();
  await createTestWorld(db);
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });
  const appDb: Db = Object.create(db) as Db;
  const refusing = refuseWrites(db);
  appDb.query = refusing.query;
  appDb.transaction = (work) => db.transaction((tx) => work(refuseWrites(tx)));
  app = await buildApp({ config, db: appDb, logger: { stream: capture, level: 'info' } });
  await app.ready();
});
afterEach(() => {
  refusal = undefined;
  vi.useRealTimers();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const signIn = () =>
  app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: 'a@test.kassa', password: TEST_PASSWORD } });
const ready = () => app.inject({ method: 'GET', url: '/v1/ready' });
/** Moves the clock past the outage's hold (the Retry-After period) without waiting for it. */
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

describe('a database that cannot write', () => {
  it('answers 503 with Retry-After, reports not ready, logs once and recovers by itself', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await ready()).statusCode).toBe(200);

    refusal = DISK_FULL;
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await signIn();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.body).not.toMatch(/extend file|base\/5/);
    }
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().message).toMatch(/cannot write/);
    expect(messages().filter((msg) => /cannot write/.test(msg))).toHaveLength(1);
    expect(messages().filter((msg) => /unhandled error/.test(msg))).toHaveLength(0);

    // The disk has room again; within the Retry-After period the process still says not ready.
    refusal = undefined;
    expect((await ready()).statusCode).toBe(503);
    later(11);
    expect((await ready()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    expect(messages().filter((msg) => /writes again/.test(msg))).toHaveLength(1);
  });

  it.each([
    ['53200', 'out of memory'],
    ['53300', 'sorry, too many clients already'],
    ['ENOSPC', 'ENOSPC: no space left on device, write'],
  ])('answers %s (%s) with 503 and Retry-After, not 500', async (code, message) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    refusal = pgError(code, message);
    const response = await signIn();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect((await ready()).statusCode).toBe(503);
    refusal = undefined;
    later(11);
    expect((await ready()).statusCode).toBe(200);
  });
});
