// `npm run bench`: builds a dataset with the demo generator, starts the real server, loads it
// over HTTP on loopback, compares against the same SQL run directly, and writes the figures
// to bench/results/<date>.json. Figures are medians; run on a quiet machine.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  buildQuery,
  dashboardRequests,
  detailRequest,
  detailScreens,
  firstListRequests,
  listScreens,
  STATISTICS_DEFAULT_CURRENCY,
  type ListScreenDef,
  type QueryParams,
} from '@kassa/domain';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { resolveSecretKey } from '../apps/api/src/lib/secret-key-file.ts';
import { sql, type Sql } from '../apps/api/src/plugins/db/index.ts';
import { startReplica, type Replica } from '../apps/api/src/reliability/pg-cluster.ts';
import { printSideBySide, type BenchReport } from './compare.ts';
import { openBenchDb, scopeOf } from './direct.ts';
import { load, type LoadResult } from './load.ts';
import { cpuOfPids, routedReads, signIn, startServer } from './server.ts';
import { recordingDb, replayOnDb, replayOnPostgres, type SqlFigures } from './sql-replay.ts';
import { signInPageJsKb } from './web-size.ts';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '60' },
    'skip-startup': { type: 'boolean', default: false },
    'skip-export': { type: 'boolean', default: false },
    'skip-webhooks': { type: 'boolean', default: false },
    'skip-jobs': { type: 'boolean', default: false },
    'skip-statistics': { type: 'boolean', default: false },
    // Only the scenarios whose name contains this (e.g. `--only "transactions: list"` under a profiler).
    only: { type: 'string' },
    // Only the statistics calls (issue 15's figure: p95 ≤ 100 ms over a year at 10 connections).
    'statistics-only': { type: 'boolean', default: false },
    'statistics-seconds': { type: 'string', default: '5' },
    // PostgreSQL: a streaming replica of the database (pg_basebackup -R, a cluster of its own on
    // another port) as the server's DATABASE_READ_URL; its backends' CPU is printed beside the primary's.
    replica: { type: 'boolean', default: false },
    // PostgreSQL: card payments through rules and routing on the same database (bench/payments.ts).
    'skip-payments': { type: 'boolean', default: false },
    // An earlier run's JSON (bench/results/…json): its figures are printed beside this run's.
    compare: { type: 'string' },
  },
});
const DEMO_PASSWORD = 'Kassa-demo-2026!';
const METRICS_TOKEN = 'bench-metrics';
const usePostgres = Boolean(process.env.DATABASE_URL);
const scale = Number(args.scale ?? (usePostgres ? 1_000_000 : 100_000));
const dataDir = join(root, 'bench/.data');
// The server runs in production, which on PostgreSQL needs the secret key named: the one the demo generator used.
const dbEnv: Record<string, string> = usePostgres
  ? {
      DATABASE_URL: process.env.DATABASE_URL as string,
      KASSA_SECRET_KEY:
        process.env.KASSA_SECRET_KEY ?? resolveSecretKey(loadConfig({ ...process.env, NODE_ENV: 'development' })),
    }
  : { DATA_DIR: dataDir };
const seconds = Number(args.seconds);
/** Seconds of the one-connection timings (their median), Kassa's and the floor's. */
const ONE_CONNECTION_SECONDS = 3;
const connections = Number(args.connections);
const port = 3900 + Math.floor(Math.random() * 50);
const log = (line: string) => console.log(`[bench] ${line}`);
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const pct = (part: number, whole: number) => (whole > 0 ? `${fmt((100 * part) / whole, 0)} %` : '–');

const ensureDataset = async () => {
  const db = await openBenchDb(dbEnv).catch(() => undefined);
  let count = -1;
  if (db) {
    count = await db
      // Payments of earlier runs' payments part (bench/payments.ts) are not the dataset's.
      .query<{ n: number }>(
        sql`select count(*)::bigint as n from transaction where mode = 'live' and coalesce(merchant_reference, '') not like 'BENCH-%'`,
      )
      .then((r) => r[0].n)
      .catch(() => -1);
    await db.close();
  }
  // The demo world adds a few rows beyond its scale (showcase, review decisions) and test-mode rows.
  if (count >= scale && count - scale <= Math.ceil(scale / 1000))
    return log(`dataset of ${scale} transactions present (${count} live), reused`);
  log(`building a dataset of ${scale} transactions (${usePostgres ? 'PostgreSQL' : 'embedded PGlite'})…`);
  const started = performance.now();
  execSync(`npm run demo -- --scale ${scale} --reset`, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...dbEnv },
  });
  log(`dataset built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
};

type Who = 'merchant' | 'provider';
/** One request of a screen, as the web app builds it (packages/domain/src/screen-requests.ts). */
type Scenario = { name: string; who: Who; path: string };
type ScenarioRow = Scenario & {
  load: LoadResult;
  apiOneMs: number;
  floorOneMs: number;
  cpuMsPerRequest: number;
  databaseCpuMsPerRequest: number;
  /** CPU of the replica's backends per request (NaN without `--replica`). */
  replicaCpuMsPerRequest: number;
  bodyKb: number;
  floor: LoadResult;
  sql: SqlFigures | undefined;
};

const toPath = (path: string, query: Record<string, string | string[]>) => {
  const params = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`),
  );
  return `/v1/${path}${params.length ? `?${params.join('&')}` : ''}`;
};
const withParams = (request: { path: string; params: QueryParams }) => {
  const query = buildQuery(request.params);
  return query ? `${request.path}?${query}` : request.path;
};
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Every screen's first requests: each list and its count, a detail with its populate, the dashboard's first calls. */
const screenScenarios = (transactionId: string): Scenario[] => {
  const lists: [string, Who, ListScreenDef][] = [
    ['transactions', 'merchant', listScreens.transactions],
    ['transactions', 'provider', listScreens.transactions],
    ['refunds', 'merchant', listScreens.refunds],
    ['chargebacks', 'merchant', listScreens.chargebacks],
    ['customers', 'merchant', listScreens.customers],
    ['audit trail', 'provider', listScreens.auditTrail],
    ['merchants', 'provider', listScreens.merchants],
  ];
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  return [
    ...lists.flatMap(([name, who, screen]): Scenario[] => {
      const { list, count } = firstListRequests(screen);
      return [
        { name: `${name}: list`, who, path: `/v1/${list}` },
        { name: `${name}: count`, who, path: `/v1/${count}` },
      ];
    }),
    {
      name: 'transaction detail',
      who: 'merchant',
      path: `/v1/${detailRequest(detailScreens.transaction, transactionId)}`,
    },
    { name: 'dashboard: payouts', who: 'merchant', path: `/v1/${withParams(dashboardRequests.payouts)}` },
    { name: 'dashboard: recent activity', who: 'merchant', path: `/v1/${withParams(dashboardRequests.recent)}` },
    {
      name: 'dashboard: achievements',
      who: 'merchant',
      path: `/v1/${withParams(dashboardRequests.achievements(STATISTICS_DEFAULT_CURRENCY))}`,
    },
    {
      name: 'dashboard: revenue overview',
      who: 'merchant',
      path: `/v1/${withParams(dashboardRequests.revenueOverview(STATISTICS_DEFAULT_CURRENCY, minute))}`,
    },
    {
      name: 'dashboard: top merchants',
      who: 'provider',
      path: `/v1/${withParams(dashboardRequests.topMerchants(STATISTICS_DEFAULT_CURRENCY))}`,
    },
  ];
};

/** Signs in on an app in this process (the SQL recording) and returns the cookie header. */
const injectSignIn = async (app: FastifyInstance, email: string): Promise<string> => {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username: email, password: DEMO_PASSWORD },
  });
  const cookie = response.headers['set-cookie'];
  const first = (Array.isArray(cookie) ? cookie[0] : cookie)?.split(';')[0];
  if (response.statusCode !== 200 || !first)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return first;
};

/**
 * The statements each scenario sends to the database, recorded from the real app in this
 * process (authentication left out), to be sent straight to the database at the same concurrency.
 */
const recordStatements = async (scenarios: Scenario[]): Promise<Map<string, Sql[]>> => {
  const db = await openBenchDb(dbEnv);
  const recorder = recordingDb(db);
  const app = await buildApp({
    config: loadConfig({ ...process.env, ...dbEnv, NODE_ENV: 'production', WORKER: 'false', DEMO: 'false' }),
    db: recorder.db,
  });
  const cookies = {
    merchant: await injectSignIn(app, 'merchant@kassa.test'),
    provider: await injectSignIn(app, 'admin@kassa.test'),
  };
  const recorded = new Map<string, Sql[]>();
  for (const scenario of scenarios) {
    recorder.take();
    const response = await app.inject({
      method: 'GET',
      url: scenario.path,
      headers: { cookie: cookies[scenario.who] },
    });
    if (response.statusCode !== 200)
      throw new Error(`${scenario.name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    recorded.set(key(scenario), recorder.take());
  }
  await app.close();
  await db.close();
  return recorded;
};

/** A scenario's recorded statements straight to PostgreSQL, at one connection and at the run's concurrency. */
const sqlOnPostgres = (statements: Sql[]): Promise<SqlFigures> =>
  replayOnPostgres(process.env.DATABASE_URL as string, statements, connections, seconds, Number(args.runs));

/**
 * Every scenario's statements on the embedded engine, before the server starts: PGlite allows one
 * process. On PostgreSQL each scenario's SQL is timed right after Kassa's own run of it instead
 * (in `main`), so that both figures come from the same minute of a shared machine.
 */
const embeddedFigures = async (recorded: Map<string, Sql[]>): Promise<Map<string, SqlFigures>> => {
  const db = await openBenchDb(dbEnv);
  const figures = new Map<string, SqlFigures>();
  for (const [name, statements] of recorded) {
    log(`SQL of ${name}: ${statements.length} statement(s) straight to the database…`);
    figures.set(name, await replayOnDb(db, statements, seconds, Number(args.runs)));
  }
  await db.close();
  return figures;
};
const key = (scenario: Scenario) => `${scenario.who} ${scenario.name}`;

/** The HTTP floor: a bare Fastify route of its own process answering a scenario's body. */
const startFloor = async (floorPort: number) => {
  const child = spawn('node', ['--import', 'tsx', 'bench/floor-server.ts', String(floorPort)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Stopped with the bench, also when it fails (as the server is, bench/server.ts).
  process.once('exit', () => child.kill('SIGKILL'));
  await new Promise<void>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('floor ready') && resolve()),
  );
  const baseUrl = `http://127.0.0.1:${floorPort}`;
  return {
    baseUrl,
    serve: (body: ArrayBuffer, contentType: string) =>
      fetch(`${baseUrl}/__body`, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'application/octet-stream', 'x-content-type': contentType },
      }),
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
};

/** The replica asked for with `--replica`, caught up with the primary (the vacuum before leaves it WAL to replay). */
const startBenchReplica = async (): Promise<Replica> => {
  log('making a streaming replica of the database (pg_basebackup -R into a cluster of its own)…');
  const started = performance.now();
  const replica = await startReplica(dbEnv.DATABASE_URL);
  if ('skip' in replica) throw new Error(`--replica: ${replica.skip}`);
  process.once('exit', () => replica.remove());
  for (let attempt = 1; ; attempt++) {
    try {
      await replica.caughtUp();
      break;
    } catch (error) {
      if (attempt === 40) throw error;
    }
  }
  log(`replica on port ${replica.port} made and caught up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return replica;
};

/** CPU ms so far of the backends serving the bench's database on one PostgreSQL server of this machine. */
const backendCpuOn = async (client: pg.Client) => {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return cpuOfPids(rows.map(({ pid }) => pid));
};
const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** Runs another bench script with `--json` and answers the report it prints as its last line. */
const jsonPart = <T>(script: string, env: Record<string, string> = {}): T => {
  const out = execSync(`node --import tsx ${script} --json`, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as T;
};

/** The last whole calendar month before now, in UTC, as the export's filter. */
const lastMonth = () => {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { from: from.toISOString(), to: to.toISOString(), label: from.toISOString().slice(0, 7) };
};

/** Streams a CSV export and counts its rows (lines less the header), as a download would read it. */
const exportRows = async (baseUrl: string, path: string, cookie: string) => {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`export ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows: lines - 1, seconds, rowsPerSecond: (lines - 1) / seconds };
};

const main = async () => {
  // A fresh clone has neither a built web app (the sign-in page figure needs it) nor, maybe, Chromium.
  execSync('node scripts/ensure-web-build.mjs', { cwd: root, stdio: 'inherit' });
  process.env.CHROMIUM_PATH ??= execSync('node scripts/chromium.mjs', { cwd: root, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  await ensureDataset();
  const db = await openBenchDb(dbEnv);
  // Dead row versions left by earlier runs, a job or a hand-made change (the RFM job rewrites most
  // customers) slow index scans until a vacuum, and autovacuum may be off (this machine's and CI's
  // PostgreSQL run without it):
  // the customers count answered 76 instead of about 3,000 req/s after one such change.
  if (usePostgres) {
    const started = performance.now();
    await db.exec('vacuum analyze');
    log(`database vacuumed and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const merchantScope = await scopeOf(db, 'merchant@kassa.test');
  const merchantId = merchantScope.kind === 'merchant' ? merchantScope.merchantId : '';
  const [latest] = await db.query<{ id: string }>(sql`
    select id from transaction where merchant_id = ${merchantId} and customer_id is not null order by created_at desc limit 1`);
  await db.close();
  const scenarios: Scenario[] = args['statistics-only']
    ? []
    : screenScenarios(latest.id).filter((scenario) => !args.only || scenario.name.includes(args.only));

  // PGlite allows one process: the SQL is recorded (and on it timed) before the server opens the data directory.
  const recorded = await recordStatements(scenarios);
  const embedded = usePostgres ? undefined : await embeddedFigures(recorded);

  const replica = args.replica && usePostgres ? await startBenchReplica() : undefined;
  const replicaClient = replica ? new pg.Client({ connectionString: replica.url }) : undefined;
  await replicaClient?.connect();
  const replicaCpuMs = async () => (replicaClient ? backendCpuOn(replicaClient) : new Map<number, number>());
  /** The server's environment: the database, and the replica for reads when asked for. */
  const serverEnv = {
    ...dbEnv,
    WORKER: 'false',
    DEMO: 'false',
    METRICS_TOKEN,
    ...(replica ? { DATABASE_READ_URL: replica.url } : {}),
  };

  log('starting the server…');
  const server = await startServer(serverEnv, port);
  const idleRssMb = server.rssMb();
  const floor = await startFloor(port + 3);
  const cookies = {
    merchant: await signIn(server.baseUrl, 'merchant@kassa.test', DEMO_PASSWORD),
    provider: await signIn(server.baseUrl, 'admin@kassa.test', DEMO_PASSWORD),
  };
  // The CPU of the PostgreSQL backends of the bench's database (NaN on the embedded engine or a
  // remote server): with the server's, where a request's cost goes whatever else the machine runs.
  const backends = dbEnv.DATABASE_URL ? await openBenchDb(dbEnv) : undefined;
  const databaseCpuMs = async () => {
    if (!backends) return new Map<number, number>();
    const pids = await backends.query<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return cpuOfPids(pids.map(({ pid }) => pid));
  };
  /** The backends' CPU since `before`, in ms; a backend opened meanwhile counts from its start. */
  const databaseMsSince = async (before: Map<number, number>) =>
    [...(await databaseCpuMs())].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
  const rows: ScenarioRow[] = [];
  for (const scenario of scenarios) {
    const cookie = cookies[scenario.who];
    const answer = await fetch(`${server.baseUrl}${scenario.path}`, { headers: { cookie } });
    const body = await answer.arrayBuffer();
    if (!answer.ok)
      throw new Error(`${scenario.name}: ${answer.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
    // One connection, with the same lean HTTP client as the load (the SQL side is timed with the
    // database's own lean client); fetch's client alone added about a millisecond to a 45 KB answer.
    const oneConnection = (url: string) =>
      load({ url, paths: [scenario.path], cookie, connections: 1, seconds: ONE_CONNECTION_SECONDS }).then(
        (result) => result.p50,
      );
    // A warm-up at one connection first: the first scenario of a route otherwise counts V8
    // optimising its code (the transactions list answered 1,250 req/s instead of about 2,000).
    await oneConnection(server.baseUrl);
    log(
      `${scenario.name} (${scenario.who}): Kassa, its SQL, then the HTTP floor, ${seconds} s each (load ${loadAverage()})…`,
    );
    const cpuBefore = server.cpuMs();
    const databaseBefore = await databaseCpuMs();
    const replicaBefore = await replicaCpuMs();
    const result = await load({ url: server.baseUrl, paths: [scenario.path], cookie, connections, seconds });
    const replicaCpuMsPerRequest = replica
      ? cpuSince(replicaBefore, await replicaCpuMs()) / (result.requestsPerSecond * seconds)
      : NaN;
    // The server's own CPU per request: unlike req/s, barely moved by what else the machine runs.
    const cpuMsPerRequest = (server.cpuMs() - cpuBefore) / (result.requestsPerSecond * seconds);
    const databaseCpuMsPerRequest = backends
      ? (await databaseMsSince(databaseBefore)) / (result.requestsPerSecond * seconds)
      : NaN;
    // At one connection once the load has run: warm, as the SQL side is (prepared, after warm-up
    // runs). Timed before the load, the server ran the route's code before V8 had optimised it: the
    // statistics calls took up to twice the CPU per request of their warm runs.
    const apiOneMs = await oneConnection(server.baseUrl);
    const statements = recorded.get(key(scenario)) as Sql[];
    if (usePostgres)
      log(`SQL of ${scenario.name} (${scenario.who}): ${statements.length} statement(s) straight to the database…`);
    const sqlFigures = usePostgres ? await sqlOnPostgres(statements) : embedded?.get(key(scenario));
    await floor.serve(body, answer.headers.get('content-type') ?? 'application/json');
    const floorResult = await load({ url: floor.baseUrl, paths: [scenario.path], cookie, connections, seconds });
    const floorOneMs = await oneConnection(floor.baseUrl);
    rows.push({
      ...scenario,
      load: result,
      apiOneMs,
      floorOneMs,
      cpuMsPerRequest,
      databaseCpuMsPerRequest,
      replicaCpuMsPerRequest,
      bodyKb: body.byteLength / 1024,
      floor: floorResult,
      sql: sqlFigures,
    });
  }
  const memory = { idleRssMb, peakRssMb: server.peakRssMb() };
  await floor.stop();
  // Each part's table as soon as it ends: a failure later in the run loses nothing measured before.
  const engineName = usePostgres ? 'postgresql' : 'pglite';
  console.log(
    `\nKassa benchmark — ${engineName}, ${scale.toLocaleString('en')} transactions, ${connections} connections, ${seconds} s per scenario; load average at the end ${loadAverage()} (${cpus().length} cores)\n`,
  );
  console.log(
    'Each request as its screen sends it. Floor: a bare Fastify route answering the same body; SQL: the same statements straight to the database (authentication left out). Kassa/SQL at 1 connection is the goal "≤ SQL + 1 ms"; the floor at 1 connection is what HTTP alone takes for the same body.\n',
  );
  console.log(
    `| scenario | user | KB | req/s | p50 ms | p95 ms | p99 ms | non-2xx | server CPU ms/req | ${replica ? 'primary CPU ms/req | replica' : 'database'} CPU ms/req | floor req/s | of floor | SQL req/s | of SQL | 1 conn: Kassa ms | SQL ms | floor ms | load avg |`,
  );
  console.log(
    `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|${replica ? '---:|' : ''}---:|---:|---:|---:|---:|---:|---:|---|`,
  );
  for (const row of rows) {
    const sqlRate = row.sql?.requestsPerSecond ?? NaN;
    console.log(
      `| ${row.name} | ${row.who} | ${fmt(row.bodyKb)} | ${fmt(row.load.requestsPerSecond, 0)} | ${fmt(row.load.p50)} | ${fmt(row.load.p95)} | ${fmt(row.load.p99)} | ${row.load.non2xx + row.load.errors} | ${fmt(row.cpuMsPerRequest, 2)} | ${fmt(row.databaseCpuMsPerRequest, 2)} | ${replica ? `${fmt(row.replicaCpuMsPerRequest, 2)} | ` : ''}${fmt(row.floor.requestsPerSecond, 0)} | ${pct(row.load.requestsPerSecond, row.floor.requestsPerSecond)} | ${fmt(sqlRate, 0)} | ${pct(row.load.requestsPerSecond, sqlRate)} | ${fmt(row.apiOneMs, 2)} | ${fmt(row.sql?.oneConnectionMs ?? NaN, 2)} | ${fmt(row.floorOneMs, 2)} | ${row.load.loadAverage} |`,
    );
  }
  if (rows.length)
    console.log(
      `\nServer memory (${engineName}): ${fmt(memory.idleRssMb, 0)} MB idle after start, peak ${fmt(memory.peakRssMb, 0)} MB after the scenarios`,
    );

  // Every statistics call over a year (the longest preset), as the merchant and the provider.
  const yearRange = {
    'created_at>': new Date(Date.now() - 365 * 86_400_000).toISOString(),
    'created_at<': new Date().toISOString(),
  };
  // One of the merchant's own processors (processor statistics are about those its profiles use).
  const [processor] = await fetch(`${server.baseUrl}/v1/statistics/processor/revenue?_limit=1`, {
    headers: { cookie: cookies.merchant },
  }).then((r) => r.json() as Promise<{ id: string }[]>);
  const statisticsCalls: { name: string; who: 'merchant' | 'provider'; path: string }[] = [];
  for (const who of args['skip-statistics'] ? [] : (['merchant', 'provider'] as const)) {
    for (const entity of ['transaction', 'refund', 'customer']) {
      statisticsCalls.push({
        name: `${entity}/aggregate/stats (day)`,
        who,
        path: toPath(`${entity}/aggregate/stats`, { ...yearRange, period: 'day' }),
      });
      statisticsCalls.push({
        name: `${entity}/aggregate/total (month)`,
        who,
        path: toPath(`${entity}/aggregate/total`, { ...yearRange, period: 'month' }),
      });
    }
    statisticsCalls.push(
      {
        name: 'transaction/aggregate/stats (week, status[])',
        who,
        path: toPath('transaction/aggregate/stats', {
          ...yearRange,
          period: 'week',
          'status[]': ['SETTLEMENT_COMPLETED', 'AUTHORIZED'],
        }),
      },
      {
        name: 'transaction/aggregate (group_by=status)',
        who,
        path: toPath('transaction/aggregate', { ...yearRange, group_by: 'status' }),
      },
      { name: 'transaction/aggregate/lifecycle', who, path: toPath('transaction/aggregate/lifecycle', yearRange) },
      { name: 'transaction/aggregate/location', who, path: toPath('transaction/aggregate/location', yearRange) },
      { name: 'statistics/dayandtime', who, path: toPath('statistics/dayandtime', yearRange) },
      {
        name: 'statistics/aggregate/day (blocked=false)',
        who,
        path: toPath('statistics/aggregate/day', { ...yearRange, blocked: 'false' }),
      },
      { name: 'customer/aggregate/best', who, path: toPath('customer/aggregate/best', { ...yearRange, _limit: '10' }) },
      {
        name: 'customer/aggregate/best (_sort=-count)',
        who,
        path: toPath('customer/aggregate/best', { ...yearRange, _limit: '10', _sort: '-count' }),
      },
      {
        name: 'transaction/aggregate/previous (month)',
        who,
        path: toPath('transaction/aggregate/previous', { ...yearRange, period: 'month' }),
      },
      { name: 'statistics/type (month)', who, path: toPath('statistics/type', { ...yearRange, period: 'month' }) },
      { name: 'statistics/dayofweek', who, path: toPath('statistics/dayofweek', yearRange) },
      { name: 'statistics/outcome', who, path: toPath('statistics/outcome', yearRange) },
      { name: 'statistics/scheme', who, path: toPath('statistics/scheme', yearRange) },
      { name: 'customer/aggregate/segment', who, path: toPath('customer/aggregate/segment', {}) },
      { name: 'customer/aggregate/rfm', who, path: toPath('customer/aggregate/rfm', {}) },
      { name: 'statistics/today', who, path: toPath('statistics/today', {}) },
      { name: 'statistics/amazingthings', who, path: toPath('statistics/amazingthings', {}) },
      { name: 'statistics/recent', who, path: toPath('statistics/recent', {}) },
      {
        name: 'statistics/processor/revenue',
        who,
        path: toPath('statistics/processor/revenue', processor ? { ids: processor.id } : {}),
      },
      ...(processor
        ? [
            {
              name: 'statistics/processor/compare',
              who,
              path: toPath('statistics/processor/compare', { ids: processor.id }),
            },
          ]
        : []),
    );
  }
  if (!args['skip-statistics'])
    statisticsCalls.push({
      name: 'statistics/merchant/revenue',
      who: 'provider',
      path: toPath('statistics/merchant/revenue', { _limit: '5' }),
    });
  const statistics: {
    call: string;
    who: string;
    load: LoadResult;
    serverCpu: number;
    databaseCpu: number;
    replicaCpu: number;
  }[] = [];
  // `--only` narrows the statistics calls too (with --statistics-only: just those calls).
  for (const call of statisticsCalls.filter((c) => !args.only || c.name.includes(args.only))) {
    log(`statistics ${call.who}: ${call.name}…`);
    const serverBefore = server.cpuMs();
    const databaseBefore = await databaseCpuMs();
    const replicaBefore = await replicaCpuMs();
    const result = await load({
      url: server.baseUrl,
      paths: [call.path],
      cookie: cookies[call.who],
      connections,
      seconds: Number(args['statistics-seconds']),
    });
    const requests = result.requestsPerSecond * Number(args['statistics-seconds']);
    const databaseMs = await databaseMsSince(databaseBefore);
    const replicaMs = cpuSince(replicaBefore, await replicaCpuMs());
    statistics.push({
      call: call.name,
      who: call.who,
      load: result,
      serverCpu: (server.cpuMs() - serverBefore) / requests,
      databaseCpu: backends ? databaseMs / requests : NaN,
      replicaCpu: replica ? replicaMs / requests : NaN,
    });
  }
  await backends?.close();
  if (statistics.length) {
    console.log(
      `\nStatistics calls over a year (${connections} connections, ${args['statistics-seconds']} s each; goal p95 ≤ 100 ms)\n`,
    );
    console.log(
      `| call | user | req/s | p50 ms | p95 ms | non-2xx | ≤ 100 ms | server CPU ms/req | ${replica ? 'primary CPU ms/req | replica' : 'database'} CPU ms/req | load avg |`,
    );
    console.log(`|---|---|---:|---:|---:|---:|:---:|---:|---:|${replica ? '---:|' : ''}---|`);
    for (const row of statistics) {
      console.log(
        `| ${row.call} | ${row.who} | ${fmt(row.load.requestsPerSecond, 0)} | ${fmt(row.load.p50)} | ${fmt(row.load.p95)} | ${row.load.non2xx + row.load.errors} | ${row.load.p95 <= 100 ? 'yes' : 'NO'} | ${fmt(row.serverCpu, 2)} | ${fmt(row.databaseCpu, 2)} | ${replica ? `${fmt(row.replicaCpu, 2)} | ` : ''}${row.load.loadAverage} |`,
      );
    }
  }

  // The statistics-only run measures the statistics calls only (and works with a checkout whose web app is not built).
  const web = args['statistics-only'] ? undefined : await signInPageJsKb(server.baseUrl);
  const routed = replica ? await routedReads(server.baseUrl, METRICS_TOKEN) : undefined;
  if (routed)
    console.log(
      `\nReads routed by the server during the run: ${Object.entries(routed)
        .map(([where, n]) => `${where} ${n.toLocaleString('en')}`)
        .join(', ')}`,
    );
  await server.stop();

  let exportResult:
    | {
        rows: number;
        seconds: number;
        peakRssMb: number;
        idleRssMb: number;
        month: { label: string; rows: number; seconds: number; rowsPerSecond: number; againRowsPerSecond?: number };
      }
    | undefined;
  if (!args['skip-export'] && !args['statistics-only']) {
    // A fresh server, so the peak memory is the export's and not the load test's.
    const exporter = await startServer(serverEnv, port + 2);
    const cookie = await signIn(exporter.baseUrl, 'admin@kassa.test', DEMO_PASSWORD);
    const idleRssMb = exporter.peakRssMb();
    const fields = '_fields=id,created_at,merchant_reference,amount,currency_code,status,payment_product_type';
    const month = lastMonth();
    log(`exporting the transactions of ${month.label} to CSV as the provider…`);
    const monthPath = `/v1/transaction/export?${fields}&created_at>=${encodeURIComponent(month.from)}&created_at<=${encodeURIComponent(new Date(Date.parse(month.to) - 1).toISOString())}`;
    const monthExport = await exportRows(exporter.baseUrl, monthPath, cookie);
    // The same month again: the first read its rows from disk when nothing had read them yet (with
    // `--replica` the exports read the replica, a fresh copy on this machine); the second from memory.
    const monthAgain = await exportRows(exporter.baseUrl, monthPath, cookie);
    log('exporting every transaction to CSV as the provider…');
    const all = await exportRows(exporter.baseUrl, `/v1/transaction/export?${fields}`, cookie);
    exportResult = {
      rows: all.rows,
      seconds: all.seconds,
      peakRssMb: exporter.peakRssMb(),
      idleRssMb,
      month: { label: month.label, ...monthExport, againRowsPerSecond: monthAgain.rowsPerSecond },
    };
    await exporter.stop();
  }
  if (exportResult)
    console.log(
      `\nCSV export of a month (${exportResult.month.label}): ${exportResult.month.rows.toLocaleString('en')} rows in ${fmt(exportResult.month.seconds)} s, ${fmt(exportResult.month.rowsPerSecond, 0)} rows/s (goal ≥ 100,000: ${exportResult.month.rowsPerSecond >= 100_000 ? 'met' : 'MISSED'}); again, its rows read before: ${fmt(exportResult.month.againRowsPerSecond ?? NaN, 0)} rows/s` +
        `\nCSV export of every transaction: ${exportResult.rows.toLocaleString('en')} rows in ${fmt(exportResult.seconds)} s, ${fmt(exportResult.rows / exportResult.seconds, 0)} rows/s; server memory ${fmt(exportResult.idleRssMb, 0)} MB before, peak ${fmt(exportResult.peakRssMb, 0)} MB`,
    );

  let startup:
    | {
        coldSeconds: number;
        coldServerSeconds: number;
        webBuildSeconds: number;
        warmSeconds: number;
        embeddedIdleRssMb: number;
        embeddedPeakRssMb: number;
      }
    | undefined;
  if (!args['skip-startup'] && !args['statistics-only']) {
    log('timing start-up on an empty embedded database (the npm start path)…');
    const fresh = mkdtempSync(join(tmpdir(), 'kassa-bench-start-'));
    // A fresh clone's `npm start` also builds the web app, beside the database's preparation
    // (scripts/start.mjs): the same build runs here into a scratch folder while the cold server starts.
    const webOut = mkdtempSync(join(tmpdir(), 'kassa-bench-web-'));
    const coldStarted = performance.now();
    const webBuild = new Promise<number>((resolve, reject) => {
      const child = spawn('npm', ['run', 'build', '-w', '@kassa/web', '--', '--logLevel', 'warn', '--outDir', webOut], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(performance.now() - coldStarted) : reject(new Error(`web build failed (${code})`)),
      );
    });
    const cold = await startServer({ DATA_DIR: fresh, DATABASE_URL: '' }, port + 1);
    const webBuildMs = await webBuild;
    rmSync(webOut, { recursive: true, force: true });
    await cold.stop();
    const warm = await startServer({ DATA_DIR: fresh, DATABASE_URL: '' }, port + 1);
    // The embedded engine's memory: idle after start, and its peak under the transactions screen's first requests.
    const embeddedIdleRssMb = warm.rssMb();
    const cookie = await signIn(warm.baseUrl, 'merchant@kassa.test', DEMO_PASSWORD);
    const first = firstListRequests(listScreens.transactions);
    await load({ url: warm.baseUrl, paths: [`/v1/${first.list}`, `/v1/${first.count}`], cookie, connections, seconds });
    const embeddedPeakRssMb = warm.peakRssMb();
    await warm.stop();
    rmSync(fresh, { recursive: true, force: true });
    startup = {
      coldSeconds: Math.max(cold.readyMs, webBuildMs) / 1000,
      coldServerSeconds: cold.readyMs / 1000,
      webBuildSeconds: webBuildMs / 1000,
      warmSeconds: warm.readyMs / 1000,
      embeddedIdleRssMb,
      embeddedPeakRssMb,
    };
  }

  if (startup)
    console.log(
      `Start-up (embedded, demo world): cold ${fmt(startup.coldSeconds)} s (goal ≤ 30 s: ${startup.coldSeconds <= 30 ? 'met' : 'MISSED'}; server ${fmt(startup.coldServerSeconds)} s beside the web build's ${fmt(startup.webBuildSeconds)} s), warm ${fmt(startup.warmSeconds)} s (goal ≤ 3 s: ${startup.warmSeconds <= 3 ? 'met' : 'MISSED'}); embedded server memory ${fmt(startup.embeddedIdleRssMb, 0)} MB idle, peak ${fmt(startup.embeddedPeakRssMb, 0)} MB under the transactions screen's first requests`,
    );
  if (web) console.log(`Sign-in page JavaScript: ${fmt(web.gzipKb, 0)} KB gzip in ${web.files} files`);
  // The transactions list while each periodic job runs on the embedded engine (bench/jobs.ts, its own demo world).
  let jobs: { job: string; jobMs: number; p99: number }[] | undefined;
  if (!args['skip-jobs'] && !args['statistics-only']) {
    log('the transactions list while each periodic job runs (embedded engine, bench/jobs.ts)…');
    try {
      jobs = jsonPart('bench/jobs.ts');
      for (const row of jobs ?? [])
        console.log(
          `Job latency (embedded): ${row.job} ran ${fmt(row.jobMs / 1000)} s, transactions list p99 ${fmt(row.p99, 0)} ms (goal ≤ 250 ms: ${row.p99 <= 250 ? 'met' : 'MISSED'})`,
        );
    } catch (error) {
      log(`job latency part failed: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  // Webhook delivery on PostgreSQL with worker processes (bench/webhooks.ts; needs a PostgreSQL server).
  let webhooks:
    | {
        throughput: { deliveriesPerSecond: number; retries: number; delivered: number; events: number };
        crash?: { lost: number; recordedTwiceAsDelivered: number; receivedTwiceBySameId: number };
      }
    | undefined;
  if (!args['skip-webhooks'] && !args['statistics-only']) {
    log('webhook delivery on PostgreSQL with worker processes…');
    try {
      webhooks = jsonPart('bench/webhooks.ts');
    } catch (error) {
      log(`webhook scenario skipped or failed: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  if (webhooks) {
    console.log(
      `Webhooks (PostgreSQL, worker processes): ${fmt(webhooks.throughput.deliveriesPerSecond, 0)} deliveries/s, ${webhooks.throughput.retries} retries for ${webhooks.throughput.events} events` +
        (webhooks.crash
          ? `; worker killed mid-run: ${webhooks.crash.lost} lost, ${webhooks.crash.recordedTwiceAsDelivered} recorded twice as delivered, ${webhooks.crash.receivedTwiceBySameId} received again with the same webhook-id`
          : ''),
    );
  }
  // The replica is done with (exports were its last reads): payments write on the primary alone.
  await replicaClient?.end();
  replica?.remove();
  // Card payments through the API with rules, routing, audit, rollups and the webhook outbox, on
  // the same database (bench/payments.ts: 20 connections, 20 s; its payments stay in the dataset).
  let payments: BenchReport['payments'] | undefined;
  if (usePostgres && !args['skip-payments'] && !args['statistics-only']) {
    log('card payments through rules and routing (bench/payments.ts)…');
    try {
      payments = jsonPart('bench/payments.ts', dbEnv);
    } catch (error) {
      log(`payments part failed: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (payments)
    console.log(
      `Card payments through rules and routing: ${fmt(payments.paymentsPerSecond, 0)}/s (goal ≥ 500: ${payments.paymentsPerSecond >= 500 ? 'met' : 'MISSED'}), p50 ${fmt(payments.latencyMs.p50)} ms, p95 ${fmt(payments.latencyMs.p95)} ms; API CPU ${fmt(payments.apiCpuMsPerPayment, 2)} ms, database CPU ${fmt(payments.dbCpuMsPerPayment, 2)} ms per payment`,
    );

  const report = {
    date: new Date().toISOString(),
    engine: usePostgres ? 'postgresql' : 'pglite',
    scale,
    connections,
    seconds,
    loadAverage: loadavg(),
    scenarios: rows,
    memory,
    statistics,
    export: exportResult,
    startup,
    jobs,
    web,
    webhooks,
    payments,
    replica: Boolean(replica),
  };
  const file = join(root, 'bench/results', `${report.date.slice(0, 19).replace(/:/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`\nWritten to ${file}`);
  if (args.compare) printSideBySide(JSON.parse(readFileSync(args.compare, 'utf8')) as BenchReport, report);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
