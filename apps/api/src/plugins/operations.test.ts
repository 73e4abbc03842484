import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandler } from '../jobs/handlers.ts';
import { enqueue } from '../jobs/queue.ts';
import { createRunner } from '../jobs/runner.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../test/world.ts';
import { sql } from './db/index.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  await createTestWorld(t.db);
});
afterAll(() => t.close());

/** The value of one series in Prometheus text, e.g. `kassa_http_requests_total{method="GET",…}`. */
const series = (text: string, name: string, labels: Record<string, string> = {}): number[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));

describe('readiness', () => {
  it('is ready with the database reachable and every migration applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', engine: t.db.engine });
    expect(response.json().migration).toBe((await t.app.inject({ method: 'GET', url: '/v1/health' })).json().migration);
  });

  it('says 503 with the reason while a migration is missing or the process shuts down; liveness stays 200', async () => {
    const [{ latest }] = await t.db.query<{ latest: string }>(sql`select max(version) as latest from schema_migration`);
    await t.db.query(sql`update schema_migration set version = '0000_pretend' where version = ${latest}`);
    try {
      const missing = await t.app.inject({ method: 'GET', url: '/v1/ready' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toMatchObject({ code: 'service_unavailable', details: [{ path: 'migrations' }] });
      expect(missing.json().message).toContain(`Not ready: migration ${latest} not applied`);
    } finally {
      await t.db.query(sql`update schema_migration set version = ${latest} where version = '0000_pretend'`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/ready' })).statusCode).toBe(200);

    t.app.lifecycle.shuttingDown = true;
    try {
      const closing = await t.app.inject({ method: 'GET', url: '/v1/ready' });
      expect(closing.statusCode).toBe(503);
      expect(closing.json()).toMatchObject({
        message: 'Not ready: shutting down',
        details: [{ path: 'shutdown', message: 'shutting down' }],
      });
      expect(closing.headers.connection).toBe('close');
      expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });
});

describe('/metrics', () => {
  it('refuses a scrape without the token (401) or with a wrong one (403)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.body).not.toContain('kassa_http_requests_total');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('does not exist when no token is configured', async () => {
    const other = await createTestApp();
    try {
      expect(
        (await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('shows request, database, job, sign-in and process series with plausible values after traffic', async () => {
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/v1/transaction?_limit=5', headers: who })).statusCode).toBe(
        200,
      );
    expect((await t.app.inject({ method: 'GET', url: '/v1/transaction/tx_nope', headers: who })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { username: 'a@test.kassa', password: 'Not-the-password-1!' },
        })
      ).statusCode,
    ).toBe(401);
    // One due job waiting, and one job that fails once.
    await t.db.transaction(async (tx) => {
      await enqueue(tx, 'test.metrics-waiting', {});
      await enqueue(tx, 'test.metrics-failing', {}, { maxAttempts: 3 });
    });
    registerJobHandler('test.metrics-failing', async () => {
      throw new Error('receiver down');
    });
    expect(await createRunner(t.db, t.config, { queues: ['test.metrics-failing'] }).runOnce()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const list = { method: 'GET', route: '/v1/transaction', status_class: '2xx' };
    expect(series(text, 'kassa_http_requests_total', list)[0]).toBeGreaterThanOrEqual(3);
    expect(
      series(text, 'kassa_http_requests_total', { route: '/v1/transaction/:id', status_class: '4xx' })[0],
    ).toBeGreaterThanOrEqual(1);
    const count = series(text, 'kassa_http_request_duration_seconds_count', list)[0];
    const sum = series(text, 'kassa_http_request_duration_seconds_sum', list)[0];
    expect(count).toBeGreaterThanOrEqual(3);
    expect(sum / count).toBeGreaterThan(0);
    expect(sum / count).toBeLessThan(10);
    expect(
      series(text, 'kassa_db_query_duration_seconds_count', { engine: t.db.engine, outcome: 'ok' })[0],
    ).toBeGreaterThan(10);
    if (t.db.engine === 'postgresql') expect(series(text, 'kassa_db_pool_connections', { state: 'max' })[0]).toBe(5);
    expect(series(text, 'kassa_job_queue_depth', { queue: 'test.metrics-waiting', status: 'due' })).toEqual([1]);
    const age = series(text, 'kassa_job_oldest_due_age_seconds', { queue: 'test.metrics-waiting' })[0];
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    expect(series(text, 'kassa_job_attempts_total', { queue: 'test.metrics-failing' })[0]).toBeGreaterThanOrEqual(1);
    expect(
      series(text, 'kassa_job_failures_total', { queue: 'test.metrics-failing', final: 'false' })[0],
    ).toBeGreaterThanOrEqual(1);
    expect(series(text, 'kassa_sign_in_failures_total', { reason: 'wrong_password' })[0]).toBeGreaterThanOrEqual(1);
    expect(text).toContain('kassa_account_lockouts_total');
    expect(series(text, 'process_resident_memory_bytes')[0]).toBeGreaterThan(10 * 1024 * 1024);
    expect(series(text, 'nodejs_eventloop_lag_p99_seconds')[0]).toBeGreaterThanOrEqual(0);
    // Routes are patterns, never raw URLs with ids.
    expect(text).not.toContain('tx_nope');
  });
});
