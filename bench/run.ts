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
  const scenarios: Scenario[] = [
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

  const web = await signInPageJsKb(server.baseUrl);
  await server.stop();

  let exportResult: { rows: number; seconds: number; peakRssMb: number; idleRssMb: number } | undefined;
  if (!args['skip-export']) {
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
  if (!args['skip-startup']) {
    log('timing start-up on an empty embedded database (the npm start path)…');
    const fresh = mkdtempSync(join(tmpdir(), 'kassa-bench-start-'));
    const cold = await startServer({ DATA_DIR: fresh, DATABASE_URL: '' }, port + 1);
    await cold.stop();
    const warm = await startServer({ DATA_DIR: fresh, DATABASE_URL: '' }, port + 1);
    await warm.stop();
    rmSync(fresh, { recursive: true, force: true });
    startup = { coldSeconds: cold.readyMs / 1000, warmSeconds: warm.readyMs / 1000 };
  }

  const report = { date: new Date().toISOString(), engine: usePostgres ? 'postgresql' : 'pglite', scale, connections, seconds, scenarios: rows, export: exportResult, startup, web };
  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  console.log(`\nKassa benchmark — ${report.engine}, ${scale.toLocaleString('en')} transactions, ${connections} connections, ${seconds} s per scenario\n`);
  console.log('| scenario | req/s | p50 ms | p95 ms | p99 ms | non-2xx | API ms (list+count) | SQL ms | API/SQL |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.scenario} | ${fmt(row.load.requestsPerSecond, 0)} | ${fmt(row.load.p50)} | ${fmt(row.load.p95)} | ${fmt(row.load.p99)} | ${row.load.non2xx + row.load.errors} | ${fmt(row.apiMs)} | ${fmt(row.sqlMs)} | ${fmt(row.ratio, 2)} |`);
  }
  if (exportResult) console.log(`\nCSV export: ${exportResult.rows.toLocaleString('en')} rows in ${fmt(exportResult.seconds)} s; server memory ${fmt(exportResult.idleRssMb, 0)} MB before, peak ${fmt(exportResult.peakRssMb, 0)} MB`);
  if (startup) console.log(`Start-up (embedded, demo world): cold ${fmt(startup.coldSeconds)} s, warm ${fmt(startup.warmSeconds)} s`);
  console.log(`Sign-in page JavaScript: ${fmt(web.gzipKb, 0)} KB gzip in ${web.files} files`);
  const file = join(root, 'bench/results', `${report.date.slice(0, 19).replace(/:/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`\nWritten to ${file}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
