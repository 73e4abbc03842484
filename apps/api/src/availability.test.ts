import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createRunner } from './jobs/runner.ts';
import { registerJobHandler } from './jobs/handlers.ts';
import { enqueue } from './jobs/queue.ts';
import { sql, type Db } from './plugins/db/index.ts';
import { openPostgres } from './plugins/db/postgres.ts';
import { openTestDb, testEngine } from './test/engine.ts';

const onPostgres = testEngine() === 'postgresql';
const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });

/** A TCP relay in front of PostgreSQL that the test can cut and restore, like a network failure. */
const startRelay = (target: URL, port = 0) => {
  const sockets = new Set<Socket>();
  let server: Server;
  const up = () =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((port = (server.address() as { port: number }).port)));
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { up, down, port: () => port };
};

let owner: Db;
let viaRelay: Db;
let relay: ReturnType<typeof startRelay>;
beforeAll(async () => {
  if (!onPostgres) return;
  owner = await openTestDb();
  const [{ schema }] = await owner.query<{ schema: string }>(sql`select current_schema() as schema`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  relay = startRelay(url);
  await relay.up();
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port());
  viaRelay = await openPostgres({ url: relayed.toString(), schema, max: 3 });
});
afterAll(async () => {
  if (!onPostgres) return;
  await viaRelay.close().catch(() => {});
  await owner.close();
});

describe('availability when the database goes away (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'answers 503 service_unavailable on a database that cannot be reached, and keeps serving',
    async () => {
      const unreachable = await openPostgres({ url: 'postgres://postgres@127.0.0.1:1/x', max: 2 });
      const app = await buildApp({ config, db: unreachable });
      for (const request of [
        { method: 'GET' as const, url: '/v1/health' },
        {
          method: 'POST' as const,
          url: '/v1/auth/login',
          payload: { username: 'a@test.kassa', password: 'whatever-password' },
        },
        { method: 'GET' as const, url: '/v1/transaction', headers: { cookie: 'kassa_session=abc' } },
      ]) {
        const response = await app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
        expect(response.headers['retry-after']).toBe('5');
        expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      }
      await app.close();
      await unreachable.close();
    },
  );

  it.skipIf(!onPostgres)(
    'recovers when the database comes back, and a job queued before the outage still runs',
    async () => {
      const app = await buildApp({ config, db: viaRelay });
      let ran = 0;
      registerJobHandler('availability', async () => void ran++);
      await enqueue(viaRelay, 'availability', {});
      expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);

      await relay.down();
      const during = await app.inject({ method: 'GET', url: '/v1/health' });
      expect(during.statusCode).toBe(503);
      expect(during.json().code).toBe('service_unavailable');
      const worker = createRunner(viaRelay, config, { queues: ['availability'], idleMs: 20 });
      worker.start(); // polls against the dead database without crashing the process
      await new Promise((r) => setTimeout(r, 100));
      expect(ran).toBe(0);

      await relay.up();
      expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
      for (let waited = 0; ran === 0 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      await worker.stop();
      expect(ran).toBe(1);
      await app.close();
    },
  );
});
