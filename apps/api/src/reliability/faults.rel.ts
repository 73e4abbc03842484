import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { enqueue } from '../jobs/queue.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openPostgres } from '../plugins/db/postgres.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { recordFigures } from './figures.ts';

/**
 * Faults on PostgreSQL: the database cut away under load (a TCP relay in front of it is cut and
 * restored, as a network or server failure would), `kill -9` of an API process during refunds and
 * of a worker during jobs. Money operations are wholly there or absent; jobs resume and finish.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures: Record<string, number> = {
  faultsInjected: 0,
  faultsSurvived: 0,
  requestsDuringFaults: 0,
  fiveHundreds: 0,
  answered503: 0,
  halfWritten: 0,
  moneyLost: 0,
  moneyDoubled: 0,
  jobsResumed: 0,
  jobsStuck: 0,
};

/** A TCP relay in front of PostgreSQL that the test can cut and restore. */
const startRelay = (target: URL) => {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { up, down, port: () => port };
};

let t: TestApp;
let world: TestWorld;
let schema: string;
beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  [{ schema }] = await t.db.query<{ schema: string }>(sql`select current_schema() as schema`);
});
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  recordFigures('faults', figures);
  await t.close();
});

/** Every transaction has as much refunded as its refunds add up to: nothing half-written. */
const halfWritten = async (ids: string[]) =>
  t.db.query<{ id: string }>(sql`select t.id from transaction t where t.id = any(${ids})
    and t.refunded_amount <> coalesce((select sum(r.amount) from refund r where r.transaction_id = t.id), 0)`);

/** Time passes: claims of requests that never finished are abandoned (their 60 s lock runs out). */
const expireInFlight = () =>
  t.db.query(sql`update idempotency_key set locked_until = now() - interval '1 second' where state = 'in_flight'`);

describe('PostgreSQL stopped and started under load', () => {
  it('answers 503 with Retry-After while it is away, never 500, writes nothing by halves, and recovers', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const relay = startRelay(url);
    await relay.up();
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port());
    const db: Db = await openPostgres({ url: relayed.toString(), schema, max: 6 });
    const app = await buildApp({ config: t.config, db });
    await app.ready();
    const who = await signIn(app, 'a@test.kassa', TEST_PASSWORD);
    const transactions: string[] = [];
    for (let i = 0; i < 60; i++)
      transactions.push(await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 }));

    const outcomes = new Map<string, number>();
    const problems: string[] = [];
    let stop = false;
    let next = 0;
    const refundOnce = async (tx: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/v1/transaction/${tx}/refund`,
        headers: { ...who, 'idempotency-key': `fault-${tx}` },
        payload: { amount: 400 },
      });
      return response;
    };
    const loops = Array.from({ length: 6 }, async (_, lane) => {
      while (!stop) {
        const read = lane % 2 === 0;
        const tx = read ? undefined : transactions[next++ % transactions.length];
        const response = read
          ? await app.inject({ method: 'GET', url: '/v1/transaction?_limit=5', headers: who })
          : await refundOnce(tx as string);
        figures.requestsDuringFaults++;
        if (tx) outcomes.set(tx, response.statusCode);
        if (response.statusCode >= 500) {
          if (
            response.statusCode !== 503 ||
            response.headers['retry-after'] === undefined ||
            response.json().code !== 'service_unavailable'
          ) {
            figures.fiveHundreds++;
            problems.push(`${response.statusCode} ${response.body.slice(0, 200)}`);
          } else figures.answered503++;
        }
        await wait(5);
      }
    });
    for (let cycle = 0; cycle < 3; cycle++) {
      await wait(400);
      await relay.down();
      figures.faultsInjected++;
      await wait(800);
      await relay.up();
      // Recovered: the health check answers 200 again within seconds.
      let healthy = false;
      for (let i = 0; i < 100 && !healthy; i++) {
        healthy = (await app.inject({ method: 'GET', url: '/v1/health' })).statusCode === 200;
        if (!healthy) await wait(100);
      }
      if (healthy) figures.faultsSurvived++;
      else problems.push(`cycle ${cycle}: no recovery`);
    }
    stop = true;
    await Promise.all(loops);
    expect(figures.answered503).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    expect(await halfWritten(transactions)).toEqual([]);

    // The clients retry what did not succeed, with the same key: each transaction ends with exactly one refund.
    await expireInFlight();
    for (const tx of transactions) {
      if (outcomes.get(tx) === 201) continue;
      const retry = await refundOnce(tx);
      if (![201, 422].includes(retry.statusCode))
        problems.push(`retry ${tx}: ${retry.statusCode} ${retry.body.slice(0, 120)}`);
    }
    const counts = await t.db.query<{ id: string; n: number }>(
      sql`select t.id, (select count(*)::int from refund r where r.transaction_id = t.id) as n from transaction t where t.id = any(${transactions})`,
    );
    const touched = counts.filter((c) => outcomes.has(c.id));
    figures.moneyDoubled += touched.filter((c) => c.n > 1).length;
    figures.moneyLost += touched.filter((c) => c.n === 0).length;
    expect(problems).toEqual([]);
    expect(touched.filter((c) => c.n !== 1)).toEqual([]);
    await app.close();
    await db.close();
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
const SECRET_KEY = randomBytes(32).toString('hex');
const start = (entry: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      DEMO: 'false',
      NODE_ENV: 'production',
      KASSA_SECRET_KEY: SECRET_KEY,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  children.push(child);
  return { child, exited, output: () => output };
};
const startApi = async () => {
  const port = await freePort();
  const api = start('apps/api/src/server.ts', { PORT: String(port), WORKER: 'false' });
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/v1/ready`)
      .then((r) => r.status)
      .catch(() => 0);
    if (ready === 200) return { ...api, port };
    await wait(100);
  }
  throw new Error(`api did not become ready: ${api.output()}`);
};

describe('kill -9', () => {
  it('of the API during refunds leaves each refund wholly there or absent, and the retry after restart makes it once', async () => {
    const transactions: string[] = [];
    for (let i = 0; i < 80; i++)
      transactions.push(await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 2000 }));
    const api = await startApi();
    const login = await fetch(`http://127.0.0.1:${api.port}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'a@test.kassa', password: TEST_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') as string).split(';')[0];
    const refund = (port: number, tx: string) =>
      fetch(`http://127.0.0.1:${port}/v1/transaction/${tx}/refund`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'idempotency-key': `kill-${tx}`,
          origin: `http://127.0.0.1:${port}`,
        },
        body: JSON.stringify({ amount: 700 }),
      })
        .then((r) => r.status)
        .catch(() => 0);
    const inFlight = transactions.map((tx, i) => wait(i * 4).then(() => refund(api.port, tx)));
    await wait(150);
    api.child.kill('SIGKILL');
    figures.faultsInjected++;
    const answers = await Promise.all(inFlight);
    await api.exited;
    expect(await halfWritten(transactions)).toEqual([]);
    const cut = answers.filter((s) => s === 0).length;
    // The process really died part-way: some refunds were answered, some never were.
    expect(cut).toBeGreaterThan(0);

    const again = await startApi();
    await expireInFlight();
    const retries = await Promise.all(transactions.map((tx) => refund(again.port, tx)));
    expect(retries.filter((s) => s !== 201)).toEqual([]);
    const counts = await t.db.query<{ n: number }>(
      sql`select (select count(*)::int from refund r where r.transaction_id = t.id) as n from transaction t where t.id = any(${transactions})`,
    );
    figures.moneyDoubled += counts.filter((c) => c.n > 1).length;
    figures.moneyLost += counts.filter((c) => c.n === 0).length;
    expect(counts.filter((c) => c.n !== 1)).toEqual([]);
    expect(await halfWritten(transactions)).toEqual([]);
    figures.faultsSurvived++;
    again.child.kill('SIGTERM');
    await again.exited;
  });

  it('of a worker during jobs: the jobs resume on another worker and finish once', async () => {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 24; i++) await enqueue(tx, 'test.slow', { ms: 400 });
    });
    const first = start('apps/api/src/test/slow-job-worker.ts', { WORKER_CONCURRENCY: '4' });
    const running = async () =>
      (
        await t.db.query<{ n: number }>(
          sql`select count(*)::int as n from job where queue = 'test.slow' and status = 'running'`,
        )
      )[0].n;
    for (let i = 0; i < 200 && (await running()) === 0; i++) await wait(50);
    expect(await running()).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    figures.faultsInjected++;
    await first.exited;
    const orphaned = (
      await t.db.query<{ id: number }>(sql`select id from job where queue = 'test.slow' and status = 'running'`)
    ).map((r) => r.id);
    expect(orphaned.length).toBeGreaterThan(0);
    // Their lease (60 s) runs out: time passes.
    await t.db.query(
      sql`update job set locked_until = now() - interval '1 second' where queue = 'test.slow' and status = 'running'`,
    );
    const second = start('apps/api/src/test/slow-job-worker.ts', { WORKER_CONCURRENCY: '4' });
    const left = async () =>
      (
        await t.db.query<{ n: number }>(
          sql`select count(*)::int as n from job where queue = 'test.slow' and status <> 'done'`,
        )
      )[0].n;
    for (let i = 0; i < 600 && (await left()) > 0; i++) await wait(50);
    second.child.kill('SIGTERM');
    await second.exited;
    const jobs = await t.db.query<{ id: number; status: string; attempts: number }>(
      sql`select id, status, attempts from job where queue = 'test.slow'`,
    );
    figures.jobsResumed += orphaned.length;
    figures.jobsStuck += jobs.filter((j) => j.status !== 'done').length;
    expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
    // Only the jobs the killed worker held ran a second time.
    expect(
      jobs
        .filter((j) => j.attempts > 1)
        .map((j) => j.id)
        .sort(),
    ).toEqual([...orphaned].sort());
    figures.faultsSurvived++;
  });
});
