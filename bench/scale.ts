// `npm run bench:scale`: the same requests against the real server connected to PostgreSQL four
// ways: directly, through PgBouncer in transaction mode and in session mode, and directly with a
// streaming replica for reads (DATABASE_READ_URL). Prints, per request kind, throughput, p50/p95,
// the server's CPU and the database backends' CPU per request (the primary's and the replica's),
// PgBouncer's own CPU, and the server connections used. Writes bench/results/scale-<date>.txt.
// Needs DATABASE_URL (a local server: CPU is read from /proc), pgbouncer and PostgreSQL's binaries;
// a part whose tool is missing is skipped with the reason. Short on purpose (a shared machine):
// --seconds per request kind (default 5), --scale transactions in the bench schema (default 20000).
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { resolveSecretKey } from '../apps/api/src/lib/secret-key-file.ts';
import { startPgbouncer, startReplica, type Bouncer, type Replica } from '../apps/api/src/reliability/pg-cluster.ts';
import { load, type LoadResult } from './load.ts';
import { cpuMs, cpuOfPids, routedReads, signIn, startServer } from './server.ts';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    // Only the setups whose name contains this (e.g. `--only replica`).
    only: { type: 'string' },
  },
});
const url = process.env.DATABASE_URL;
if (!url)
  throw new Error('bench:scale measures PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
const schema = process.env.BENCH_SCHEMA ?? 'bench_scale';
const scale = Number(args.scale);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const APP_NAME = 'kassa_bench_scale';
const DEMO_PASSWORD = 'Kassa-demo-2026!';
const METRICS_TOKEN = 'bench-scale-metrics';

const log = (line: string) => console.log(`[bench:scale] ${line}`);
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const secretKey =
  process.env.KASSA_SECRET_KEY ?? resolveSecretKey(loadConfig({ ...process.env, NODE_ENV: 'development' }));

const query = async <T>(target: string, text: string): Promise<T[]> => {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
};

const ensureDataset = async () => {
  const [{ n }] = await query<{ n: number }>(
    url,
    `select case when to_regclass('${schema}.transaction') is null then -1 else (select count(*)::int from ${schema}.transaction) end as n`,
  ).catch(() => [{ n: -1 }]);
  if (n === scale) return log(`dataset of ${scale} transactions in schema ${schema} present, reused`);
  log(`building a dataset of ${scale} transactions in schema ${schema}…`);
  const started = performance.now();
  execSync(`npm run demo -- --scale ${scale} --reset`, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: schema, KASSA_SECRET_KEY: secretKey },
  });
  log(`dataset built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
};

/** CPU ms of the backends serving the bench's server (by application name) on one server. */
const backendCpu = async (target: string) => {
  const pids = await query<{ pid: number }>(
    target,
    `select pid from pg_stat_activity where application_name = '${APP_NAME}'`,
  ).catch(() => []);
  return cpuOfPids(pids.map(({ pid }) => pid));
};
const since = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

type Setup = { name: string; env: Record<string, string>; bouncer?: Bouncer; replica?: Replica };
type Row = {
  setup: string;
  request: string;
  load: LoadResult;
  serverCpuMs: number;
  primaryCpuMs: number;
  replicaCpuMs: number;
  bouncerCpuMs: number;
  serverConnections: number;
  /** Reads the router sent to the replica / to the primary (and why), during the row. */
  routed: string;
};

const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
const requests = [
  { name: 'transactions: first page', path: '/v1/transaction?_limit=25&_sort=-created_at' },
  { name: 'transactions: count', path: '/v1/transaction/count' },
  {
    name: 'statistics: total over a year',
    path: `/v1/transaction/aggregate/total?currency_code=EUR&created_at>=${encodeURIComponent(yearAgo)}`,
  },
  {
    name: 'statistics: per day over a year',
    path: `/v1/statistics/aggregate/day?currency_code=EUR&created_at>=${encodeURIComponent(yearAgo)}`,
  },
];

const main = async () => {
  await ensureDataset();
  const base = {
    DATABASE_SCHEMA: schema,
    KASSA_SECRET_KEY: secretKey,
    DEMO: 'false',
    WORKER: 'false',
    LOG_LEVEL: 'warn',
    PGAPPNAME: APP_NAME,
    METRICS_TOKEN: METRICS_TOKEN,
  };
  const setups: Setup[] = [{ name: 'direct', env: { ...base, DATABASE_URL: url } }];
  const skipped: string[] = [];
  const wanted = (name: string) => !args.only || name.includes(args.only);
  const transaction = wanted('PgBouncer transaction')
    ? await startPgbouncer(url, 'transaction', { schema, poolSize: 10 })
    : { skip: 'not asked for (--only)' };
  if ('skip' in transaction) skipped.push(`PgBouncer: ${transaction.skip}`);
  else
    setups.push({
      name: 'PgBouncer transaction',
      bouncer: transaction,
      env: {
        ...base,
        DATABASE_URL: transaction.url,
        DATABASE_POOLER: 'transaction',
        DATABASE_LISTEN_URL: url,
      },
    });
  const session = wanted('PgBouncer session')
    ? await startPgbouncer(url, 'session', { poolSize: 24 })
    : { skip: 'not asked for (--only)' };
  if (!('skip' in session))
    setups.push({
      name: 'PgBouncer session',
      bouncer: session,
      env: { ...base, DATABASE_URL: session.url, DATABASE_POOLER: 'session' },
    });
  const replica = wanted('direct + replica') ? await startReplica(url) : { skip: 'not asked for (--only)' };
  if ('skip' in replica) skipped.push(`replica: ${replica.skip}`);
  else {
    await replica.caughtUp();
    setups.push({
      name: 'direct + replica',
      replica,
      env: { ...base, DATABASE_URL: url, DATABASE_READ_URL: replica.url },
    });
  }
  const rows: Row[] = [];
  try {
    for (const setup of setups.filter((each) => !args.only || each.name.includes(args.only))) {
      const server = await startServer(setup.env, 3960 + Math.floor(Math.random() * 30));
      try {
        const cookie = await signIn(server.baseUrl, 'merchant@kassa.test', DEMO_PASSWORD);
        for (const request of requests) {
          // Warm: plans cached, connections open.
          await load({ url: server.baseUrl, paths: [request.path], cookie, connections, seconds: 1 });
          const serverBefore = server.cpuMs();
          const primaryBefore = await backendCpu(url);
          const replicaBefore = setup.replica ? await backendCpu(setup.replica.url) : new Map();
          const bouncerBefore = setup.bouncer ? cpuMs(setup.bouncer.pid()) : 0;
          const routedBefore = setup.replica ? await routedReads(server.baseUrl, METRICS_TOKEN) : {};
          const result = await load({ url: server.baseUrl, paths: [request.path], cookie, connections, seconds });
          const total = result.requestsPerSecond * seconds;
          const primaryAfter = await backendCpu(url);
          const replicaAfter = setup.replica ? await backendCpu(setup.replica.url) : new Map();
          // Server connections of the primary holding this bench's work (through PgBouncer: its pool).
          const serverConnections = primaryAfter.size;
          const routedAfter = setup.replica ? await routedReads(server.baseUrl, METRICS_TOKEN) : {};
          const routed = Object.keys(routedAfter)
            .map((key) => [key, routedAfter[key] - (routedBefore[key] ?? 0)] as const)
            .filter(([, n]) => n > 0)
            .map(([key, n]) => `${key} ${n}`)
            .join(', ');
          rows.push({
            setup: setup.name,
            request: request.name,
            load: result,
            serverCpuMs: (server.cpuMs() - serverBefore) / total,
            primaryCpuMs: since(primaryBefore, primaryAfter) / total,
            replicaCpuMs: setup.replica ? since(replicaBefore, replicaAfter) / total : NaN,
            bouncerCpuMs: setup.bouncer ? (cpuMs(setup.bouncer.pid()) - bouncerBefore) / total : NaN,
            serverConnections,
            routed,
          });
          log(`${setup.name} · ${request.name}: ${fmt(result.requestsPerSecond, 0)}/s p95 ${fmt(result.p95)} ms`);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (!('skip' in transaction)) await transaction.stop();
    if (!('skip' in session)) await session.stop();
    if (!('skip' in replica)) replica.remove();
  }
  const lines = [
    `bench:scale ${new Date().toISOString().slice(0, 16)} UTC · ${scale.toLocaleString('en')} transactions · ${connections} connections · ${seconds} s per row · ${cpus().length} cores · load average ${loadavg()[0].toFixed(1)}`,
    ...skipped.map((reason) => `skipped: ${reason}`),
    '',
    '| setup | request | req/s | p50 ms | p95 ms | errors | server CPU ms/req | primary CPU ms/req | replica CPU ms/req | PgBouncer CPU ms/req | primary connections | reads routed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.setup} | ${row.request} | ${fmt(row.load.requestsPerSecond, 0)} | ${fmt(row.load.p50)} | ${fmt(row.load.p95)} | ${row.load.errors + row.load.non2xx} | ${fmt(row.serverCpuMs, 2)} | ${fmt(row.primaryCpuMs, 2)} | ${fmt(row.replicaCpuMs, 2)} | ${fmt(row.bouncerCpuMs, 3)} | ${row.serverConnections} | ${row.routed || '–'} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const suffix = args.only ? `-${args.only.replace(/\W+/g, '-')}` : '';
  writeFileSync(
    join(root, `bench/results/scale-${new Date().toISOString().slice(0, 10)}${suffix}.txt`),
    `${lines.join('\n')}\n`,
  );
};

await main();
process.exit(0);
