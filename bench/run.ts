// `npm run bench`: builds a dataset with the demo generator, starts the real server, loads it
// over HTTP on loopback, compares against the same SQL run directly, and writes the figures
// to bench/results/<date>.json. Figures are medians; run on a quiet machine.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { customerEntity } from '../apps/api/src/modules/payments/customer.entity.ts';
import { refundEntity } from '../apps/api/src/modules/payments/refund.entity.ts';
import { transactionEntity } from '../apps/api/src/modules/payments/transaction.entity.ts';
import { sql } from '../apps/api/src/plugins/db/index.ts';
import { directCall, openBenchDb, scopeOf } from './direct.ts';
import { load, timeCalls, type LoadResult } from './load.ts';
import { signIn, startServer } from './server.ts';
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
    // Only the statistics calls (issue 15's figure: p95 ≤ 100 ms over a year at 10 connections).
    'statistics-only': { type: 'boolean', default: false },
    'statistics-seconds': { type: 'string', default: '5' },
  },
});
const DEMO_PASSWORD = 'Kassa-demo-2026!';
const usePostgres = Boolean(process.env.DATABASE_URL);
const scale = Number(args.scale ?? (usePostgres ? 1_000_000 : 100_000));
const dataDir = join(root, 'bench/.data');
const dbEnv: Record<string, string> = usePostgres ? { DATABASE_URL: process.env.DATABASE_URL as string } : { DATA_DIR: dataDir };
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const port = 3900 + Math.floor(Math.random() * 50);
const log = (line: string) => console.log(`[bench] ${line}`);

const ensureDataset = async () => {
  const db = await openBenchDb(dbEnv).catch(() => undefined);
  let count = -1;
  if (db) {
    count = await db.query<{ n: number }>(sql`select count(*)::bigint as n from transaction`).then((r) => r[0].n).catch(() => -1);
    await db.close();
  }
  if (count === scale) return log(`dataset of ${scale} transactions present, reused`);
  log(`building a dataset of ${scale} transactions (${usePostgres ? 'PostgreSQL' : 'embedded PGlite'})…`);
  const started = performance.now();
  execSync(`npm run demo -- --scale ${scale} --reset`, { cwd: root, stdio: 'inherit', env: { ...process.env, ...dbEnv } });
  log(`dataset built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
};

type Scenario = { name: string; who: 'merchant' | 'provider'; entity: typeof transactionEntity; query: Record<string, string | string[]>; path: string };

const toPath = (path: string, query: Record<string, string | string[]>) => {
  const params = Object.entries(query).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`));
  return `/v1/${path}${params.length ? `?${params.join('&')}` : ''}`;
};
const countPath = (path: string, query: Record<string, string | string[]>) => toPath(`${path}/count`, query);

const main = async () => {
  // A fresh clone has neither a built web app (the sign-in page figure needs it) nor, maybe, Chromium.
  execSync('node scripts/ensure-web-build.mjs', { cwd: root, stdio: 'inherit' });
  process.env.CHROMIUM_PATH ??= execSync('node scripts/chromium.mjs', { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  await ensureDataset();
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const db = await openBenchDb(dbEnv);
  const merchantScope = await scopeOf(db, 'merchant@kassa.test');
  const providerScope = await scopeOf(db, 'admin@kassa.test');
  const merchantId = merchantScope.kind === 'merchant' ? merchantScope.merchantId : '';
  const [sample] = await db.query<{ reference: string; customer: string }>(sql`
    select merchant_reference as reference, customer_id as customer from transaction
    where merchant_id = ${merchantId} and customer_id is not null order by created_at desc limit 1`);
  const [busyCustomer] = await db.query<{ id: string }>(sql`
    select customer_id as id from transaction where merchant_id = ${merchantId} and customer_id is not null
    and created_at > now() - interval '90 days' group by 1 order by count(*) desc limit 1`);
  const scenarios: Scenario[] = args['statistics-only'] ? [] : [
    { name: 'transactions: first request (30 days)', who: 'merchant', entity: transactionEntity, path: 'transaction', query: { 'created_at>': monthAgo } },
    { name: 'transactions: status[] + amount range', who: 'merchant', entity: transactionEntity, path: 'transaction', query: { 'created_at>': monthAgo, 'status[]': ['SETTLEMENT_COMPLETED', 'AUTHORIZED'], 'amount>': '1000', 'amount<': '20000' } },
    { name: 'transactions: search merchant_reference', who: 'merchant', entity: transactionEntity, path: 'transaction', query: { _search: sample.reference.slice(0, sample.reference.length - 2), _search_by: 'merchant_reference' } },
    { name: "transactions: one customer's", who: 'merchant', entity: transactionEntity, path: 'transaction', query: { customer: busyCustomer?.id ?? sample.customer, _populate: 'payment_profile' } },
    { name: 'transactions: provider, all merchants', who: 'provider', entity: transactionEntity, path: 'transaction', query: { 'created_at>': monthAgo } },
    { name: 'refunds: first request', who: 'merchant', entity: refundEntity as never, path: 'refund', query: { 'created_at>': monthAgo, _populate: 'transaction payment_profile' } },
    { name: 'customers: first request', who: 'merchant', entity: customerEntity as never, path: 'customer', query: { 'created_at>': monthAgo } },
  ];

  // PGlite allows one process: time the direct SQL before the server opens the data directory.
  const direct = new Map<string, number>();
  for (const scenario of scenarios) {
    const scope = scenario.who === 'merchant' ? merchantScope : providerScope;
    direct.set(scenario.name, await timeCalls(directCall(db, scenario.entity, scope, scenario.query), Number(args.runs)));
  }
  await db.close();

  log('starting the server…');
  const server = await startServer({ ...dbEnv, WORKER: 'false', DEMO: 'false' }, port);
  const cookies = {
    merchant: await signIn(server.baseUrl, 'merchant@kassa.test', DEMO_PASSWORD),
    provider: await signIn(server.baseUrl, 'admin@kassa.test', DEMO_PASSWORD),
  };
  const rows: { scenario: string; load: LoadResult; apiMs: number; sqlMs: number; ratio: number }[] = [];
  for (const scenario of scenarios) {
    const paths = [toPath(scenario.path, scenario.query), countPath(scenario.path, scenario.query)];
    const cookie = cookies[scenario.who];
    const apiMs = await timeCalls(() => Promise.all(paths.map((p) => fetch(`${server.baseUrl}${p}`, { headers: { cookie } }).then((r) => r.arrayBuffer()))), Number(args.runs));
    log(`${scenario.name}: loading for ${seconds} s…`);
    const result = await load({ url: server.baseUrl, paths, cookie, connections, seconds });
    const sqlMs = direct.get(scenario.name) as number;
    rows.push({ scenario: scenario.name, load: result, apiMs, sqlMs, ratio: apiMs / sqlMs });
  }

  // Every statistics call over a year (the longest preset), as the merchant and the provider.
  const yearRange = { 'created_at>': new Date(Date.now() - 365 * 86_400_000).toISOString(), 'created_at<': new Date().toISOString() };
  const [processor] = await fetch(`${server.baseUrl}/v1/processor?_limit=3&type=processor`, { headers: { cookie: cookies.merchant } }).then((r) => r.json() as Promise<{ id: string }[]>);
  const statisticsCalls: { name: string; who: 'merchant' | 'provider'; path: string }[] = [];
  for (const who of ['merchant', 'provider'] as const) {
    for (const entity of ['transaction', 'refund', 'customer']) {
      statisticsCalls.push({ name: `${entity}/aggregate/stats (day)`, who, path: toPath(`${entity}/aggregate/stats`, { ...yearRange, period: 'day' }) });
      statisticsCalls.push({ name: `${entity}/aggregate/total (month)`, who, path: toPath(`${entity}/aggregate/total`, { ...yearRange, period: 'month' }) });
    }
    statisticsCalls.push(
      { name: 'transaction/aggregate/stats (week, status[])', who, path: toPath('transaction/aggregate/stats', { ...yearRange, period: 'week', 'status[]': ['SETTLEMENT_COMPLETED', 'AUTHORIZED'] }) },
      { name: 'transaction/aggregate (group_by=status)', who, path: toPath('transaction/aggregate', { ...yearRange, group_by: 'status' }) },
      { name: 'transaction/aggregate/lifecycle', who, path: toPath('transaction/aggregate/lifecycle', yearRange) },
      { name: 'transaction/aggregate/location', who, path: toPath('transaction/aggregate/location', yearRange) },
      { name: 'statistics/dayandtime', who, path: toPath('statistics/dayandtime', yearRange) },
      { name: 'statistics/aggregate/day (blocked=false)', who, path: toPath('statistics/aggregate/day', { ...yearRange, blocked: 'false' }) },
      { name: 'customer/aggregate/best', who, path: toPath('customer/aggregate/best', { ...yearRange, _limit: '10' }) },
      { name: 'customer/aggregate/segment', who, path: toPath('customer/aggregate/segment', {}) },
      { name: 'customer/aggregate/rfm', who, path: toPath('customer/aggregate/rfm', {}) },
      { name: 'statistics/today', who, path: toPath('statistics/today', {}) },
      { name: 'statistics/amazingthings', who, path: toPath('statistics/amazingthings', {}) },
      { name: 'statistics/recent', who, path: toPath('statistics/recent', {}) },
      { name: 'statistics/processor/revenue', who, path: toPath('statistics/processor/revenue', processor ? { ids: processor.id } : {}) },
      ...(processor ? [{ name: 'statistics/processor/compare', who, path: toPath('statistics/processor/compare', { ids: processor.id }) }] : []),
    );
  }
  statisticsCalls.push({ name: 'statistics/merchant/revenue', who: 'provider', path: toPath('statistics/merchant/revenue', { _limit: '5' }) });
  const statistics: { call: string; who: string; load: LoadResult }[] = [];
  for (const call of statisticsCalls) {
    log(`statistics ${call.who}: ${call.name}…`);
    statistics.push({ call: call.name, who: call.who, load: await load({ url: server.baseUrl, paths: [call.path], cookie: cookies[call.who], connections, seconds: Number(args['statistics-seconds']) }) });
  }

  const web = await signInPageJsKb(server.baseUrl);
  await server.stop();

  let exportResult: { rows: number; seconds: number; peakRssMb: number; idleRssMb: number } | undefined;
  if (!args['skip-export'] && !args['statistics-only']) {
    // A fresh server, so the peak memory is the export's and not the load test's.
    const exporter = await startServer({ ...dbEnv, WORKER: 'false', DEMO: 'false' }, port + 2);
    const cookie = await signIn(exporter.baseUrl, 'admin@kassa.test', DEMO_PASSWORD);
    const idleRssMb = exporter.peakRssMb();
    log('exporting every transaction to CSV as the provider…');
    const started = performance.now();
    const response = await fetch(`${exporter.baseUrl}/v1/transaction/export?_fields=id,created_at,merchant_reference,amount,currency_code,status,payment_product_type`, { headers: { cookie } });
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
    }
    exportResult = { rows: lines - 1, seconds: (performance.now() - started) / 1000, peakRssMb: exporter.peakRssMb(), idleRssMb };
    await exporter.stop();
  }

  let startup: { coldSeconds: number; warmSeconds: number } | undefined;
  if (!args['skip-startup'] && !args['statistics-only']) {
    log('timing start-up on an empty embedded database (the npm start path)…');
    const fresh = mkdtempSync(join(tmpdir(), 'kassa-bench-start-'));
    const cold = await startServer({ DATA_DIR: fresh, DATABASE_URL: '' }, port + 1);
    await cold.stop();
    const warm = await startServer({ DATA_DIR: fresh, DATABASE_URL: '' }, port + 1);
    await warm.stop();
    rmSync(fresh, { recursive: true, force: true });
    startup = { coldSeconds: cold.readyMs / 1000, warmSeconds: warm.readyMs / 1000 };
  }

  // Webhook delivery on PostgreSQL with worker processes (bench/webhooks.ts; needs a PostgreSQL server).
  let webhooks: { throughput: { deliveriesPerSecond: number; retries: number; delivered: number; events: number }; crash?: { lost: number; recordedTwiceAsDelivered: number; receivedTwiceBySameId: number } } | undefined;
  if (!args['skip-webhooks'] && !args['statistics-only']) {
    log('webhook delivery on PostgreSQL with worker processes…');
    try {
      const out = execSync('node --import tsx bench/webhooks.ts --json', { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      webhooks = JSON.parse(out.trim().split('\n').pop() as string);
    } catch (error) {
      log(`webhook scenario skipped or failed: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  const report = { date: new Date().toISOString(), engine: usePostgres ? 'postgresql' : 'pglite', scale, connections, seconds, scenarios: rows, statistics, export: exportResult, startup, web, webhooks };
  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  console.log(`\nKassa benchmark — ${report.engine}, ${scale.toLocaleString('en')} transactions, ${connections} connections, ${seconds} s per scenario\n`);
  console.log('| scenario | req/s | p50 ms | p95 ms | p99 ms | non-2xx | API ms (list+count) | SQL ms | API/SQL |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.scenario} | ${fmt(row.load.requestsPerSecond, 0)} | ${fmt(row.load.p50)} | ${fmt(row.load.p95)} | ${fmt(row.load.p99)} | ${row.load.non2xx + row.load.errors} | ${fmt(row.apiMs)} | ${fmt(row.sqlMs)} | ${fmt(row.ratio, 2)} |`);
  }
  console.log(`\nStatistics calls over a year (${connections} connections, ${args['statistics-seconds']} s each; goal p95 ≤ 100 ms)\n`);
  console.log('| call | user | req/s | p50 ms | p95 ms | non-2xx | ≤ 100 ms |');
  console.log('|---|---|---:|---:|---:|---:|:---:|');
  for (const row of statistics) {
    console.log(`| ${row.call} | ${row.who} | ${fmt(row.load.requestsPerSecond, 0)} | ${fmt(row.load.p50)} | ${fmt(row.load.p95)} | ${row.load.non2xx + row.load.errors} | ${row.load.p95 <= 100 ? 'yes' : 'NO'} |`);
  }
  if (exportResult) console.log(`\nCSV export: ${exportResult.rows.toLocaleString('en')} rows in ${fmt(exportResult.seconds)} s; server memory ${fmt(exportResult.idleRssMb, 0)} MB before, peak ${fmt(exportResult.peakRssMb, 0)} MB`);
  if (startup) console.log(`Start-up (embedded, demo world): cold ${fmt(startup.coldSeconds)} s, warm ${fmt(startup.warmSeconds)} s`);
  console.log(`Sign-in page JavaScript: ${fmt(web.gzipKb, 0)} KB gzip in ${web.files} files`);
  if (webhooks) {
    console.log(`Webhooks (PostgreSQL, worker processes): ${fmt(webhooks.throughput.deliveriesPerSecond, 0)} deliveries/s, ${webhooks.throughput.retries} retries for ${webhooks.throughput.events} events`
      + (webhooks.crash ? `; worker killed mid-run: ${webhooks.crash.lost} lost, ${webhooks.crash.recordedTwiceAsDelivered} recorded twice as delivered, ${webhooks.crash.receivedTwiceBySameId} received again with the same webhook-id` : ''));
  }
  const file = join(root, 'bench/results', `${report.date.slice(0, 19).replace(/:/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`\nWritten to ${file}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
