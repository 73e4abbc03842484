// `npm run bench:webhooks` (also the last scenario of `npm run bench`): webhook delivery on
// PostgreSQL with standalone worker processes, to a local receiver on loopback.
//   1. throughput: N webhooks queued at once, W workers deliver them; deliveries/s and retries
//      (the receiver answers 503 to the first attempt of one event in ten);
//   2. crash: the same again, one worker killed with SIGKILL mid-run and a fresh one started;
//      every event must arrive, and none may be recorded as delivered twice.
// Needs a PostgreSQL server: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// the run makes its own database and drops it at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { newSecretKey } from '../apps/api/src/lib/secret-box.ts';
import { queueWebhook } from '../apps/api/src/modules/webhooks/delivery.service.ts';
import { migrate, openDb, sql, type Db } from '../apps/api/src/plugins/db/index.ts';
import { createTestWorld } from '../apps/api/src/test/world.ts';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '3000' },
    workers: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '16' },
    'skip-crash': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const events = Number(args.events);
const workers = Number(args.workers);
const log = (line: string) => console.error(`[bench:webhooks] ${line}`);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `kassa_bench_webhooks_${process.pid}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

/** The receiver: answers 2xx, except a 503 to the first attempt of one event in ten. */
const startReceiver = async () => {
  const attempts = new Map<string, number>();
  const successes = new Map<string, number>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      const flaky = createHash('sha1').update(id).digest()[0] % 10 === 0;
      if (flaky && attempt === 1) {
        response.writeHead(503).end('busy');
        return;
      }
      successes.set(id, (successes.get(id) ?? 0) + 1);
      response.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    attempts,
    successes,
    reset: () => {
      attempts.clear();
      successes.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const secretKey = newSecretKey();
const startWorker = (): ChildProcess => {
  const child = spawn('node', ['--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      KASSA_SECRET_KEY: secretKey,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      // Retries after 30 ms instead of 30 s: the schedule's shape, at bench speed.
      WEBHOOK_RETRY_SCALE: '0.001',
      WORKER_CONCURRENCY: String(args.concurrency),
      LOG_LEVEL: 'error',
      DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
};
/** CPU seconds (user + system) a process has used, from /proc (Linux). */
const cpuSeconds = (pid: number | undefined): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
};
const stopWorker = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

const queueAll = async (db: Db, world: Awaited<ReturnType<typeof createTestWorld>>, url: string, prefix: string) => {
  const ids: string[] = [];
  for (let start = 0; start < events; start += 500) {
    await db.transaction(async (tx) => {
      for (let i = start; i < Math.min(events, start + 500); i++) {
        ids.push(
          await queueWebhook(tx, {
            id: `${prefix}_${i}`,
            type: 'transaction',
            event: 'transaction.updated',
            organisationId: world.shopA.id,
            merchantId: world.shopA.merchantId,
            url,
            itemId: `tx_${i}`,
            status: 'AUTHORIZED',
            data: { id: `tx_${i}`, amount: 1000 + i, status: 'AUTHORIZED' },
          }),
        );
      }
    });
  }
  return ids;
};

type Progress = { delivered: number; failed: number; attempts: number; doubleSuccess: number };
const progress = async (db: Db, prefix: string): Promise<Progress> => {
  const [row] = await db.query<{ delivered: number; failed: number; attempts: number }>(sql`select
      count(*) filter (where state = 'delivered')::int as delivered, count(*) filter (where state = 'failed')::int as failed, coalesce(sum(attempts), 0)::int as attempts
    from webhook where id like ${`${prefix}_%`}`);
  // An event whose history holds two 2xx attempts was delivered twice as success.
  const [twice] = await db.query<{ n: number }>(sql`select count(*)::int as n from (
      select h.webhook_id from webhook_attempt h where h.webhook_id like ${`${prefix}_%`} and h.status_code between 200 and 299
      group by h.webhook_id having count(*) > 1) d`);
  return { ...row, doubleSuccess: twice.n };
};

const waitUntilDone = async (db: Db, prefix: string, onTick?: (p: Progress) => Promise<void>) => {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const p = await progress(db, prefix);
    if (onTick) await onTick(p);
    if (p.delivered + p.failed >= events) return p;
    if (Date.now() > deadline) throw new Error(`not done after 10 minutes: ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const main = async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const db = await openDb(loadConfig({ ...process.env, DATABASE_URL: dbUrl }));
  const receiver = await startReceiver();
  const running: ChildProcess[] = [];
  try {
    await migrate(db);
    const world = await createTestWorld(db);
    log(
      `PostgreSQL database ${dbName}; ${events} events, ${workers} worker processes × concurrency ${args.concurrency}`,
    );

    // 1. Throughput.
    await queueAll(db, world, receiver.url, 'whb');
    const started = performance.now();
    for (let i = 0; i < workers; i++) running.push(startWorker());
    let firstDelivery = 0;
    let cpuAtFirst = 0;
    let p0Attempts = 0;
    const done = await waitUntilDone(db, 'whb', async (p) => {
      if (!firstDelivery && p.delivered > 0) {
        firstDelivery = performance.now();
        p0Attempts = p.attempts;
        // From here on: the workers' start-up (TypeScript compilation, migrations check) is not delivery work.
        cpuAtFirst = running.reduce((sum, child) => sum + cpuSeconds(child.pid), 0);
      }
    });
    const seconds = (performance.now() - firstDelivery) / 1000;
    // How much CPU the workers spent per delivery: on a busy shared machine this says more than the rate.
    const workerCpu = running.reduce((sum, child) => sum + cpuSeconds(child.pid), 0) - cpuAtFirst;
    const wallSeconds = (performance.now() - started) / 1000;
    const throughput = {
      events,
      delivered: done.delivered,
      failed: done.failed,
      attempts: done.attempts,
      retries: done.attempts - events,
      seconds,
      deliveriesPerSecond: done.delivered / seconds,
      attemptsPerSecond: done.attempts / seconds,
      wallSecondsWithWorkerStart: wallSeconds,
      receiverSuccesses: [...receiver.successes.values()].reduce((a, b) => a + b, 0),
      doubleSuccess: done.doubleSuccess,
      workerCpuMsPerAttempt: (workerCpu * 1000) / (done.attempts - p0Attempts),
      loadAverage: (await import('node:os')).loadavg()[0],
    };
    log(
      `throughput: ${throughput.delivered}/${events} delivered in ${seconds.toFixed(2)} s → ${throughput.deliveriesPerSecond.toFixed(0)} deliveries/s, ${throughput.retries} retries; workers used ${throughput.workerCpuMsPerAttempt.toFixed(2)} ms CPU per attempt (load average ${throughput.loadAverage.toFixed(1)})`,
    );

    // 2. A worker killed mid-run.
    let crash: Record<string, unknown> | undefined;
    if (!args['skip-crash']) {
      receiver.reset();
      await queueAll(db, world, receiver.url, 'whc');
      const crashStarted = performance.now();
      let killed = false;
      const final = await waitUntilDone(db, 'whc', async (p) => {
        if (!killed && p.delivered >= events * 0.4) {
          killed = true;
          log(`SIGKILL to one worker at ${p.delivered} delivered; a fresh worker starts`);
          await stopWorker(running[0], 'SIGKILL');
          running[0] = startWorker();
        }
      });
      const ids = Array.from({ length: events }, (_, i) => `whc_${i}`);
      const lost = ids.filter((id) => !receiver.successes.has(id)).length;
      const receivedTwice = ids.filter((id) => (receiver.successes.get(id) ?? 0) > 1).length;
      crash = {
        events,
        delivered: final.delivered,
        failed: final.failed,
        lost,
        recordedTwiceAsDelivered: final.doubleSuccess,
        receivedTwiceBySameId: receivedTwice,
        seconds: (performance.now() - crashStarted) / 1000,
      };
      log(
        `crash: ${final.delivered}/${events} delivered, lost ${lost}, recorded twice as delivered ${final.doubleSuccess}, ` +
          `received twice with the same webhook-id ${receivedTwice} (at-least-once: the receiver dedupes by webhook-id), ${(crash.seconds as number).toFixed(1)} s incl. the 60 s lease of the killed worker's jobs`,
      );
    }
    const report = { engine: 'postgresql', workers, concurrency: Number(args.concurrency), throughput, crash };
    if (args.json) console.log(JSON.stringify(report));
    else console.log(JSON.stringify(report, null, 2));
    if (
      throughput.delivered !== events ||
      (crash && ((crash.lost as number) > 0 || (crash.recordedTwiceAsDelivered as number) > 0))
    )
      process.exitCode = 1;
  } finally {
    await Promise.all(running.map((child) => stopWorker(child, 'SIGTERM')));
    await receiver.close();
    await db.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
