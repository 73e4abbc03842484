import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { caller, insertTestCustomer } from '../modules/payments/payments-test-helpers.ts';
import { recordFigures } from './figures.ts';

/**
 * Issue 31 item 4: every creating call with an `Idempotency-Key` interrupted between the commit of
 * its write and its answer, with real API processes on PostgreSQL. The interruption is placed by a
 * test-only hook of the server (KASSA_TEST_FAULT_AFTER_COMMIT, plugins/idempotency.ts): `kill -9`
 * of the process, or the database cut away (a TCP relay in front of PostgreSQL is cut and restored,
 * all of the process's connections dropped, as a restart of the server does to them; the test
 * cannot restart the shared PostgreSQL server itself). Then the lease runs out and every key is
 * retried: each replays the first answer, nothing is written twice and the request's audit entry is there.
 */
const ROUNDS = 2;
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures = {
  processesKilled: 0,
  requestsCrashed: 0,
  databaseCuts: 0,
  keys: 0,
  replayed: 0,
  doubled: 0,
  missingAuditEntries: 0,
};

/** A TCP relay in front of PostgreSQL that the test can cut and restore (as faults.rel.ts). */
const startRelay = (target: URL) => {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      const next = createServer((client) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server = next;
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
    });
  return { up, down, port: () => port };
};

let t: TestApp;
let world: TestWorld;
let schema: string;
let apiKey: string;
let customer: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  [{ schema }] = await t.db.query<{ schema: string }>(sql`select current_schema() as schema`);
  const a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  apiKey = (await caller(t.app)(a, 'POST', '/v1/apikey', { name: 'crashes', roles: ['USER_ALL'] })).body.key;
  customer = await insertTestCustomer(t.db, world.shopA);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  recordFigures('idempotency-crash', figures);
  await t.close();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
const SECRET_KEY = randomBytes(32).toString('hex');

/** An API process on `databaseUrl`; `fault` sets the test-only interruption after the commit. */
const startApi = async (databaseUrl: string, fault?: string) => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DEMO: 'false',
      NODE_ENV: 'production',
      KASSA_SECRET_KEY: SECRET_KEY,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WORKER: 'false',
      ...(fault ? { KASSA_TEST_FAULT_AFTER_COMMIT: fault } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const listeners = new Set<(text: string) => void>();
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener(String(chunk));
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/v1/ready`)
      .then((r) => r.status)
      .catch(() => 0);
    if (ready === 200) return { child, port, exited, output: () => output, listeners };
    await wait(100);
  }
  throw new Error(`api did not become ready: ${output}`);
};
type Api = Awaited<ReturnType<typeof startApi>>;

/** One creating call: its request for a key, the status it answers and how many rows it wrote for that key. */
type Call = { name: string; expect: number; request: (key: string) => Promise<{ url: string; body: object }> };
type Made = { call: Call; key: string; url: string; body: object; first?: { status: number; text: string } };

const calls: Call[] = [
  {
    name: 'payment',
    expect: 201,
    request: async (key) => ({
      url: '/v1/transaction',
      body: {
        payment_profile: world.profileA,
        amount: 4200,
        payment_product_type: 'card',
        merchant_reference: key,
        card_number: '4111111111111111',
      },
    }),
  },
  ...(['capture', 'cancel'] as const).map((action) => ({
    name: action,
    expect: 200,
    request: async () => ({
      url: `/v1/transaction/${await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'AUTHORIZED' })}/${action}`,
      body: {},
    }),
  })),
  {
    name: 'refund',
    expect: 201,
    request: async () => ({
      url: `/v1/transaction/${await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 })}/refund`,
      body: { amount: 300 },
    }),
  },
  {
    name: 'refund-add',
    expect: 201,
    request: async () => ({
      url: '/v1/refund',
      body: {
        transaction: await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 1000 }),
        amount: 300,
      },
    }),
  },
  {
    name: 'payment-link',
    expect: 201,
    request: async (key) => ({
      url: '/v1/payment-link',
      body: { payment_profile: world.profileA, amount: 1500, merchant_reference: key },
    }),
  },
  {
    name: 'card-add-link',
    expect: 201,
    request: async (key) => ({
      url: '/v1/card-add-link',
      body: { payment_profile: world.profileA, customer, merchant_reference: key },
    }),
  },
];

const send = (port: number, made: Made) =>
  fetch(`http://127.0.0.1:${port}${made.url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': made.key },
    body: JSON.stringify(made.body),
  });

const make = async (call: Call, key: string): Promise<Made> => ({ call, key, ...(await call.request(key)) });

/** What a key wrote: rows of its payment, refund or link, or the transaction's capture or cancel entries. */
const writtenFor = async (made: Made): Promise<number> => {
  const tx =
    /\/v1\/transaction\/(tx_[^/]+)\//.exec(made.url)?.[1] ?? (made.body as { transaction?: string }).transaction;
  const statement = {
    payment: sql`select count(*)::int as n from transaction where merchant_reference = ${made.key}`,
    capture: sql`select count(*)::int as n from audit_log where transaction_id = ${tx} and type = 'transaction_captured'`,
    cancel: sql`select count(*)::int as n from audit_log where transaction_id = ${tx} and type = 'transaction_cancelled'`,
    refund: sql`select count(*)::int as n from refund where transaction_id = ${tx}`,
    'refund-add': sql`select count(*)::int as n from refund where transaction_id = ${tx}`,
    'payment-link': sql`select count(*)::int as n from payment_link where merchant_reference = ${made.key}`,
    'card-add-link': sql`select count(*)::int as n from card_add_link where merchant_reference = ${made.key}`,
  }[made.call.name] as ReturnType<typeof sql>;
  return (await t.db.query<{ n: number }>(statement))[0].n;
};

/** The request's own audit-trail entry (a replay's entry says it replayed). */
const trailEntries = async (key: string) =>
  (
    await t.db.query<{ n: number }>(sql`select count(*)::int as n from audit_log
      where request->'headers' @> ${JSON.stringify([{ name: 'idempotency-key', value: key }])}::jsonb
        and not response->'headers' @> '[{"name":"idempotent-replayed"}]'::jsonb`)
  )[0].n;

describe('creating calls interrupted between commit and answer', () => {
  it(`kill -9 and a lost database, ${ROUNDS} of each for every call: every key replays, nothing doubles, no audit entry missing`, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const relay = startRelay(url);
    await relay.up();
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port());
    const made: Made[] = [];

    // kill -9 while one request of every call is between its commit and its answer: none leaves.
    for (let round = 0; round < ROUNDS; round++) {
      const api = await startApi(url.toString(), `exit:${calls.length}`);
      const batch = await Promise.all(calls.map((call) => make(call, `fault-exit-${call.name}-${round}`)));
      const answered = await Promise.all(
        batch.map((one) =>
          send(api.port, one).then(
            () => one.key,
            () => undefined,
          ),
        ),
      );
      await api.exited;
      expect(answered.filter(Boolean), 'answered: the process did not die').toEqual([]);
      figures.processesKilled++;
      figures.requestsCrashed += batch.length;
      made.push(...batch);
    }

    // The database cut away right after the commit, while the answer is on its way (restored a second later).
    const api: Api = await startApi(relayed.toString(), '300');
    for (let round = 0; round < ROUNDS; round++)
      for (const call of calls) {
        const one = await make(call, `fault-db-${call.name}-${round}`);
        const cut = new Promise<void>((resolve) => {
          const listener = (text: string) => {
            if (!text.includes(`kassa-fault-after-commit ${one.key}`)) return;
            api.listeners.delete(listener);
            void relay.down().then(() => {
              figures.databaseCuts++;
              resolve();
            });
          };
          api.listeners.add(listener);
        });
        const response = await send(api.port, one);
        one.first = { status: response.status, text: await response.text() };
        await cut;
        await wait(700);
        await relay.up();
        // Back: the process's next statements reach the database again.
        for (let i = 0; i < 100; i++) {
          if ((await fetch(`http://127.0.0.1:${api.port}/v1/ready`).then((r) => r.status)) === 200) break;
          await wait(100);
        }
        made.push(one);
      }
    api.child.kill('SIGTERM');
    await api.exited;

    // The 60 s lease of anything left in flight runs out; the clients retry every key on a new process.
    await t.db.query(
      sql`update idempotency_key set locked_until = now() - interval '1 second' where state = 'in_flight'`,
    );
    const again = await startApi(url.toString());
    const problems: string[] = [];
    for (const one of made) {
      figures.keys++;
      const response = await send(again.port, one);
      const text = await response.text();
      if (response.status !== one.call.expect || response.headers.get('idempotent-replayed') !== 'true')
        problems.push(
          `${one.key}: ${response.status} replayed=${response.headers.get('idempotent-replayed')} ${text.slice(0, 120)}`,
        );
      else figures.replayed++;
      if (one.first && (one.first.status !== response.status || one.first.text !== text))
        problems.push(`${one.key}: replayed another answer than the first (${one.first.status})`);
      const written = await writtenFor(one);
      if (written > 1) figures.doubled++;
      if (written !== 1) problems.push(`${one.key}: written ${written} times`);
    }
    // Entries written after an answer are in by now; those written with the write were in before.
    await wait(200);
    for (const one of made)
      if ((await trailEntries(one.key)) !== 1) {
        figures.missingAuditEntries++;
        problems.push(`${one.key}: ${await trailEntries(one.key)} audit entries of the first request`);
      }
    again.child.kill('SIGTERM');
    await again.exited;
    await relay.down();
    expect(problems).toEqual([]);
    expect(figures.replayed).toBe(made.length);
    expect(made.length).toBe(2 * ROUNDS * calls.length);
  });
});
