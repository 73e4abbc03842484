// `npm run bench:retention` (issue 37 item 4): a month of old audit entries (default 1,000,000,
// dated 14 months back) archived and removed by retention while payments run through the real
// API; the payments' p95 idle and during the removal, the removal's time and its archive. Needs
// DATABASE_URL (its own database: the bench adds to its audit trail); builds a small demo world
// there when it has none. Writes bench/results/retention-<date>.txt.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { archiveAndRemove, RETENTION_KINDS } from '../apps/api/src/jobs/retention.ts';
import { ensureDemoWorld, openBenchDb, psqlAt } from './direct.ts';
import { cardPaymentRequest, percentile } from './load.ts';
import { signIn, startServer } from './server.ts';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    scale: { type: 'string', default: '20000' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:retention measures PostgreSQL: set DATABASE_URL');
const lines: string[] = [];
const log = (line: string) => {
  console.log(`[bench:retention] ${line}`);
  lines.push(line);
};
const psql = psqlAt(url);
const load = () => loadavg()[0].toFixed(2);

type Payments = { p50: number; p95: number; requests: number; errors: number };

/** Card payments through the API by an API key until `stop` resolves (or `seconds` pass). */
const payments = (
  baseUrl: string,
  key: string,
  profile: string,
  tag: string,
  seconds: number,
  stop?: Promise<unknown>,
): Promise<Payments> =>
  new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    const instance = autocannon(
      {
        url: baseUrl,
        connections: Number(args.connections),
        duration: seconds,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        requests: [cardPaymentRequest(profile, `RET-${tag}`, ['4111111111111111'])],
      },
      (error, done) =>
        error
          ? reject(error)
          : resolve({
              p50: percentile(latencies, 50),
              p95: percentile(latencies, 95),
              requests: done.requests.total,
              errors,
            }),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status >= 300) errors++;
    });
    void stop?.then(() => instance.stop());
  });

const main = async () => {
  ensureDemoWorld(url, args.scale, log);
  const rows = Number(args.rows);
  const audit = RETENTION_KINDS.find((kind) => kind.kind === 'audit_trail')!;
  // A month of entries 14 months back: past the default 13 months, as a year-old installation has them.
  const started = Date.now();
  psql(`insert into audit_log (id, type, url, detail, created_at)
    select 'ret_' || g, 'API', '/v1/transaction', jsonb_build_object('amount', g % 20000, 'status', 'SETTLEMENT_REQUESTED'),
      now() - interval '14 months' + g * interval '${(2_592_000 / rows).toFixed(6)} seconds'
    from generate_series(1, ${rows}) g`);
  psql('vacuum analyze audit_log');
  log(`${rows.toLocaleString('en')} old audit entries added in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const server = await startServer(
    {
      DATABASE_URL: url,
      WORKER: 'false',
      DEMO: 'false',
      KASSA_SECRET_KEY: process.env.KASSA_SECRET_KEY ?? randomBytes(32).toString('hex'),
    },
    3960,
  );
  const db = await openBenchDb({ DATABASE_URL: url });
  const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-retention-'));
  try {
    const cookie = await signIn(server.baseUrl, 'merchant@kassa.test', 'Kassa-demo-2026!');
    const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
    const profiles = (await (await fetch(`${server.baseUrl}/v1/paymentprofile?_limit=100`, { headers })).json()) as {
      id: string;
    }[];
    const suffix = Date.now().toString(36);
    const key = (
      (await (
        await fetch(`${server.baseUrl}/v1/apikey`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `retention bench ${suffix}`, roles: ['USER_ALL'] }),
        })
      ).json()) as { key: string }
    ).key;
    const seconds = Number(args.seconds);
    // Warm-up, then idle: the payments alone.
    await payments(server.baseUrl, key, profiles[0].id, `${suffix}-w`, 3);
    log(`payments idle for ${seconds} s (load ${load()})…`);
    const idle = await payments(server.baseUrl, key, profiles[0].id, `${suffix}-i`, seconds);

    log(`payments while retention archives and removes the old month (load ${load()})…`);
    const removalStarted = Date.now();
    const removal = archiveAndRemove(db, dir, audit, 395);
    const during = await payments(server.baseUrl, key, profiles[0].id, `${suffix}-r`, 3600, removal);
    const result = await removal;
    const removalSeconds = (Date.now() - removalStarted) / 1000;
    const left = Number(psql(`select count(*) from audit_log where id like 'ret_%'`));

    const table = [
      `Retention bench — PostgreSQL, ${rows.toLocaleString('en')} audit entries of one month, ${args.connections} connections of card payments; load average at the end ${load()} (2 cores)`,
      '',
      '| phase | payments | p50 ms | p95 ms | non-2xx |',
      '|---|---:|---:|---:|---:|',
      `| idle (${seconds} s) | ${idle.requests} | ${idle.p50.toFixed(1)} | ${idle.p95.toFixed(1)} | ${idle.errors} |`,
      `| during removal (${removalSeconds.toFixed(1)} s) | ${during.requests} | ${during.p50.toFixed(1)} | ${during.p95.toFixed(1)} | ${during.errors} |`,
      '',
      `p95 during / idle: ${(during.p95 / idle.p95).toFixed(2)}× (goal ≤ 2×)`,
      `archived ${result.rows.toLocaleString('en')} rows to ${statSync(result.file!).size.toLocaleString('en')} bytes of gzip CSV, removed ${result.removed.toLocaleString('en')} in ${result.batches} batches; old entries left: ${left}`,
    ];
    for (const line of table) log(line);
    const file = join(root, 'bench/results', `retention-${new Date().toISOString().slice(0, 10)}.txt`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    log(`written to ${file}`);
    if (left !== 0 || result.removed !== rows) throw new Error('retention left old entries behind');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await db.close();
    await server.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
