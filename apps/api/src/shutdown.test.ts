import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from './jobs/queue.ts';
import { sql, type Db } from './plugins/db/index.ts';
import { openTestDb, testEngine } from './test/engine.ts';
import { createTestWorld, TEST_PASSWORD } from './test/world.ts';

const onPostgres = testEngine() === 'postgresql';
const root = fileURLToPath(new URL('../../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP/1.1 request on a given keep-alive agent: status and body, or the socket error. */
const send = (
  port: number,
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
) =>
  new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

let db: Db;
let schema = '';
const children: ChildProcess[] = [];
// Every process of the test shares one key, as a real deployment's processes do (required in production with PostgreSQL).
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  children.push(child);
  return { child, exited, output: () => output };
};

const startApi = async () => {
  const port = await freePort();
  const api = start('apps/api/src/server.ts', { PORT: String(port), WORKER: 'false', SHUTDOWN_TIMEOUT_SECONDS: '10' });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 300; i++) {
    const ready = await send(port, agent, 'GET', '/v1/ready').catch(() => null);
    if (ready?.status === 200) return { ...api, port };
    await wait(100);
  }
  throw new Error(`api did not become ready: ${api.output()}`);
};

const startWorker = (concurrency = 8) =>
  start('apps/api/src/test/slow-job-worker.ts', {
    WORKER_CONCURRENCY: String(concurrency),
    SHUTDOWN_TIMEOUT_SECONDS: '3',
  });

const running = async () =>
  db.query<{ id: number; payload: { ms: number }; locked_by: string }>(
    sql`select id, payload, locked_by from job where queue = 'test.slow' and status = 'running' order by id`,
  );

beforeAll(async () => {
  if (!onPostgres) return;
  db = await openTestDb();
  [{ schema }] = await db.query<{ schema: string }>(sql`select current_schema() as schema`);
  await createTestWorld(db);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (onPostgres) await db.close();
});

describe.skipIf(!onPostgres)('rolling restart on PostgreSQL', () => {
  it('loses no request when one of two API processes gets SIGTERM under load, and leaves no job claimed by a stopped worker', async () => {
    const [a, b] = await Promise.all([startApi(), startApi()]);
    const worker = startWorker();
    const signInAgent = new Agent({ keepAlive: false });
    const login = await send(
      a.port,
      signInAgent,
      'POST',
      '/v1/auth/login',
      {},
      JSON.stringify({ username: 'a@test.kassa', password: TEST_PASSWORD }),
    );
    expect(login.status).toBe(200);
    const cookie = String((login.headers['set-cookie'] as string[])[0]).split(';')[0];

    // Jobs the worker is running when SIGTERM arrives: four finish within its deadline, four cannot.
    await db.transaction(async (tx) => {
      for (const ms of [500, 500, 500, 500, 120_000, 120_000, 120_000, 120_000]) await enqueue(tx, 'test.slow', { ms });
    });

    // 10 keep-alive connections, 5 on each process. A refused connection is retried on the other
    // process, as a load balancer would; anything else that is not a 200 is a failure.
    let stopLoad = false;
    let answered = 0;
    let switched = 0;
    let sigtermAt = 0;
    const failures: string[] = [];
    const loops = Array.from({ length: 10 }, async (_, i) => {
      let port = i % 2 === 0 ? a.port : b.port;
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; n < 5000 && !stopLoad; n++) {
        const path = n % 2 === 0 ? '/v1/transaction?_limit=10' : '/v1/auth/me';
        try {
          const answer = await send(port, agent, 'GET', path, { cookie });
          answered++;
          if (answer.status !== 200) failures.push(`${path} → ${answer.status} ${answer.body.slice(0, 120)}`);
        } catch (error) {
          const code = (error as { code?: string }).code ?? String(error);
          if (code === 'ECONNREFUSED') {
            port = port === a.port ? b.port : a.port;
            switched++;
            continue;
          }
          failures.push(`${path} on ${port === a.port ? 'A' : 'B'}: ${code}`);
        }
      }
      agent.destroy();
    });

    for (let i = 0; i < 100 && (await running()).length < 8; i++) await wait(100);
    expect((await running()).length).toBe(8);
    const claimedBy = (await running())[0].locked_by;
    await wait(1000);
    const beforeSigterm = answered;
    expect(beforeSigterm).toBeGreaterThan(20);
    sigtermAt = Date.now();
    a.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    const [apiExit, workerExit] = await Promise.all([a.exited, worker.exited]);
    const stoppedIn = Date.now() - sigtermAt;
    await wait(1000);
    stopLoad = true;
    await Promise.all(loops);

    expect(failures).toEqual([]);
    expect(apiExit).toBe(0);
    expect(workerExit).toBe(0);
    expect(stoppedIn).toBeLessThan(10_000);
    expect(answered - beforeSigterm).toBeGreaterThan(20);
    expect(switched).toBeGreaterThanOrEqual(5);
    // The stopped worker finished what it could and handed the rest back, due now.
    const jobs = await db.query<{
      status: string;
      ms: number;
      locked_by: string | null;
      attempts: number;
      due: boolean;
    }>(
      sql`select status, (payload->>'ms')::int as ms, locked_by, attempts, run_at <= now() as due from job where queue = 'test.slow' order by id`,
    );
    expect(jobs.filter((job) => job.locked_by === claimedBy)).toEqual([]);
    expect(jobs.filter((job) => job.ms === 500).map((job) => job.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(jobs.filter((job) => job.ms !== 500)).toEqual(
      Array(4).fill({ status: 'queued', ms: 120_000, locked_by: null, attempts: 0, due: true }),
    );

    // Another worker takes them at once, not after the 60 s lease.
    const next = startWorker();
    for (let i = 0; i < 100 && (await running()).length < 4; i++) await wait(100);
    const taken = await running();
    expect(taken).toHaveLength(4);
    expect(taken.every((job) => job.locked_by !== claimedBy)).toBe(true);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 60_000);
});
