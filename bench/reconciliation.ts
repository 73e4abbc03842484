// `npm run bench:reconciliation` (issue 34): a settlement file of LINES lines (default 1,000,000)
// in the sandbox layout, every line a payment of LINES payments in SETTLEMENT_REQUESTED, imported
// and matched on PostgreSQL through the importer itself (hashed, then streamed once into a stage
// and matched set-based in one transaction), then the payments moved to SETTLEMENT_COMPLETED slice
// by slice as the settle job moves them. Reports the import's time, each statement's time, the
// settling's time, the process's peak memory (RSS, sampled every 100 ms) and the machine's load
// average beside each figure. With `--load-seconds N` (default 10; 0 leaves it out) the real
// server runs on the same schema and the transactions list screen's calls are loaded with
// autocannon (in a thread of its own) for N s idle, then throughout the import and the settling: the p95s printed
// (issue 34: within 2× of idle); `--rate N` sends N list requests a second instead of as many as
// the machine answers. `--explain` prints the plan of each import statement over 1 s. Needs DATABASE_URL; works in its own schema and drops it after.
import { createWriteStream, createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { firstListRequests, listScreens } from '@kassa/domain';
import { loadConfig } from '../apps/api/src/config.ts';
import { newId } from '../apps/api/src/lib/ids.ts';
import { resolveSecretKey } from '../apps/api/src/lib/secret-key-file.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { insertUser } from '../apps/api/src/modules/auth/user.repository.ts';
import { migrate, sql, type Db, type Queryable, type Sql } from '../apps/api/src/plugins/db/index.ts';
import { openPostgres } from '../apps/api/src/plugins/db/postgres.ts';
import { feeParts } from '../apps/api/src/modules/reconciliation/contract.ts';
import { decimal } from '../apps/api/src/modules/reconciliation/formats/format.ts';
import { sandboxFormat } from '../apps/api/src/modules/reconciliation/formats/sandbox.ts';
import {
  importSettlementFile,
  SETTLE_SLICE,
  settleFile,
} from '../apps/api/src/modules/reconciliation/import.service.ts';
import { findProcessorSettlement } from '../apps/api/src/modules/reconciliation/reconciliation.repository.ts';
import { loadApart, percentile } from './load.ts';
import { signIn, startServer, type BenchServer } from './server.ts';

const { values: args } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000000' },
    'load-seconds': { type: 'string', default: '10' },
    /** The list load's requests per second (people at their screens); unset, as many as the machine answers. */
    rate: { type: 'string' },
    /** Leaves the payments' settle step out (the import alone). */
    'skip-settle': { type: 'boolean', default: false },
    /** Prints the database's plan (EXPLAIN ANALYZE, BUFFERS) of every statement of the import slower than 1 s. */
    explain: { type: 'boolean', default: false },
  },
});
const LINES = Number(args.lines);
const LOAD_SECONDS = Number(args['load-seconds']);
const RATE = args.rate ? Number(args.rate) : undefined;
const PASSWORD = 'Bench-recon-2026!';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:reconciliation measures PostgreSQL: set DATABASE_URL');
const log = (line: string) => console.log(`[bench:reconciliation] ${line} [load average ${loadavg()[0].toFixed(2)}]`);

/** Each statement's time (ms) inside the import's transaction, by its first words: the database's time for the large ones. */
const statementTimes = new Map<string, { ms: number; calls: number }>();
const timed = (tx: Queryable): Queryable => {
  const time = async <T>(label: string, run: () => Promise<T>) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const entry = statementTimes.get(label) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - started;
      entry.calls++;
      statementTimes.set(label, entry);
    }
  };
  const labelOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 70);
  const explained = async <T>(statement: Sql): Promise<T[]> => {
    const started = performance.now();
    const plan = await tx.query<{ 'QUERY PLAN': string }>({
      text: `explain (analyze, buffers) ${statement.text}`,
      values: statement.values,
    });
    if (performance.now() - started > 1000) console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    // The plan ran the statement; a statement that answers rows runs again for them (the bench's own reads only).
    return /^\s*(select|with)/i.test(statement.text) ? tx.query<T>(statement) : [];
  };
  return {
    query: <T>(statement: Sql) =>
      time(labelOf(statement.text), () =>
        args.explain && !/returning|^\s*(select|with)/i.test(statement.text)
          ? explained<T>(statement)
          : tx.query<T>(statement),
      ),
    exec: (text: string) =>
      time(labelOf(text), () =>
        args.explain && /\bas\s+select\b/i.test(text) ? explained({ text, values: [] }).then(() => {}) : tx.exec(text),
      ),
  };
};
const timedDb = (db: Db): Db => ({
  ...db,
  transaction: (fn) => db.transaction((tx) => fn(timed(tx) as Parameters<typeof fn>[0])),
});
const schema = `bench_recon_${Date.now().toString(36)}`;
const db = await openPostgres({ url, schema, max: 4 });
const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-recon-'));
try {
  await migrate(db);
  const provider = newId('org');
  const merchant = newId('org');
  const profile = newId('pp');
  const processor = newId('prc');
  const settlementId = newId('prc');
  await db.query(sql`insert into organisation (id, name, type, path) values (${provider}, 'Bench PSP', 'provider', ${`/${provider}/`}),
    (${merchant}, 'Bench shop', 'merchant', ${`/${provider}/${merchant}/`})`);
  await db.query(
    sql`update organisation set parent_id = ${provider}, merchant_id = ${merchant} where id = ${merchant}`,
  );
  await db.query(
    sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name) values (${profile}, ${merchant}, ${merchant}, 'Web', 'Web')`,
  );
  await db.query(
    sql`insert into processor (id, organisation_id, name, provider, payment_product) values (${processor}, ${provider}, 'Bench acquirer', 'bench', 'card')`,
  );
  await db.query(sql`insert into processor (id, organisation_id, name, type, provider, processor_settlement_type)
    values (${settlementId}, ${provider}, 'Bench settlement', 'processorsettlement', 'bench', 'sandbox')`);
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const requested = new Date(`${day}T00:00:00Z`).getTime() - 12 * 3_600_000;
  const started = Date.now();
  // Amounts 1.00–100.99 by line number; ids and references by line number.
  // The setup is not what is measured: the statistics triggers are skipped while the payments are made.
  await db.exec(`set session_replication_role = replica; insert into transaction (id, organisation_id, merchant_id, payment_profile_id, processor_id, merchant_reference, amount, currency_code,
      payment_product_type, status, processor_id_external, status_history, created_at, updated_at)
    select 'tx_bench_' || i, '${merchant}', '${merchant}', '${profile}', '${processor}', 'order-' || i, 100 + (i % 10000), 'EUR', 'card',
      'SETTLEMENT_REQUESTED', 'acq_' || i, '[{"status":"SETTLEMENT_REQUESTED","at":"${new Date(requested).toISOString()}"}]'::jsonb,
      to_timestamp(${requested / 1000}), to_timestamp(${requested / 1000})
    from generate_series(1, ${LINES}) i; set session_replication_role = origin`);
  await db.exec('analyze transaction');
  log(`${LINES} payments in SETTLEMENT_REQUESTED in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const path = join(dir, `${day}.csv`);
  const out = createWriteStream(path);
  out.write(`${sandboxFormat.header.join(',')}\n`);
  let net = 0;
  for (let i = 1; i <= LINES; i++) {
    const amount = 100 + (i % 10000);
    const fees = feeParts(amount);
    const lineNet = amount - fees.interchange - fees.schemeFee - fees.markup;
    net += lineNet;
    const row = `PAYMENT,5001,${day},acq_${i},order-${i},,EUR,${decimal(amount)},${decimal(fees.interchange)},${decimal(fees.schemeFee)},${decimal(fees.markup)},${decimal(lineNet)}\n`;
    if (!out.write(row)) await once(out, 'drain');
  }
  out.end(`PAYOUT,5001,${day},,,,EUR,${decimal(net)},0.00,0.00,0.00,${decimal(net)}\n`);
  await once(out, 'finish');
  log(`file of ${LINES + 1} lines written`);

  const settlement = (await findProcessorSettlement(db, settlementId))!;
  // The transactions list screen's first calls, loaded on the real server idle and during the import.
  let server: BenchServer | undefined;
  let screen: { cookie: string; paths: string[] } | undefined;
  /** List latencies while the file is imported, and while its payments are then settled slice by slice. */
  const during = { import: [] as number[], settle: [] as number[] };
  let phase: keyof typeof during = 'import';
  if (LOAD_SECONDS > 0) {
    await insertUser(db, {
      organisationId: merchant,
      email: 'bench@kassa.test',
      name: 'Bench',
      passwordHash: await hashPassword(PASSWORD),
      roles: ['USER_ALL'],
    });
    server = await startServer(
      {
        DATABASE_URL: url,
        DATABASE_SCHEMA: schema,
        KASSA_SECRET_KEY:
          process.env.KASSA_SECRET_KEY ?? resolveSecretKey(loadConfig({ ...process.env, NODE_ENV: 'development' })),
        WORKER: 'false',
        DEMO: 'false',
      },
      3960,
    );
    const first = firstListRequests(listScreens.transactions);
    screen = {
      cookie: await signIn(server.baseUrl, 'bench@kassa.test', PASSWORD),
      paths: [`/v1/${first.list}`, `/v1/${first.count}`],
    };
    // Warmed up first (the server's first answers compile and fill its caches), then measured idle.
    await loadApart({ url: server.baseUrl, ...screen, connections: 4, seconds: 5, rate: RATE });
    const idle = await loadApart({ url: server.baseUrl, ...screen, connections: 4, seconds: LOAD_SECONDS, rate: RATE });
    log(
      `transactions list idle: p95 ${idle.p95.toFixed(1)} ms, p50 ${idle.p50.toFixed(1)} ms, ${idle.requestsPerSecond.toFixed(1)} requests/s, ${idle.errors + idle.non2xx} failed`,
    );
  }
  let importing = true;
  const loading = (async () => {
    if (!server || !screen) return;
    let failed = 0;
    while (importing) {
      const round = await loadApart({
        url: server.baseUrl,
        ...screen,
        connections: 4,
        seconds: Math.min(5, LOAD_SECONDS),
        rate: RATE,
        collect: during[phase],
      });
      failed += round.errors + round.non2xx;
    }
    for (const [name, latencies] of Object.entries(during))
      log(
        `transactions list during the ${name}: p95 ${percentile(latencies, 95).toFixed(1)} ms, p50 ${percentile(latencies, 50).toFixed(1)} ms, ${latencies.length} requests`,
      );
    log(`transactions list: ${failed} failed requests in all`);
  })();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const begin = Date.now();
  const outcome = await importSettlementFile(
    timedDb(db),
    {
      settlement,
      source: 'sandbox',
      mode: 'live',
      settlementUpdateId: null,
      createdBy: null,
      audit: { userName: 'bench', authentication: 'system' },
    },
    { fileName: `${day}.csv`, open: () => createReadStream(path) },
  );
  const seconds = (Date.now() - begin) / 1000;
  const completed = async () =>
    (await db.query<{ count: string }>(sql`select count(*) from transaction where status = 'SETTLEMENT_COMPLETED'`))[0]
      .count;
  log(
    `imported ${outcome.lines} lines, ${outcome.matched} matched, ${outcome.exceptions} exceptions in ${seconds.toFixed(1)} s ` +
      `(${Math.round(outcome.lines / seconds)} lines/s); ${await completed()} payments SETTLEMENT_COMPLETED; peak RSS ${Math.round(peak / 1024 / 1024)} MB`,
  );
  // The payments then move slice by slice, as the settle job moves them after an import.
  phase = 'settle';
  const settleBegin = Date.now();
  const moved = args['skip-settle'] ? 0 : await settleFile(db, outcome.fileId);
  const settleSeconds = (Date.now() - settleBegin) / 1000;
  clearInterval(sampler);
  importing = false;
  if (!args['skip-settle'])
    log(
      `settled: ${moved} payments moved to SETTLEMENT_COMPLETED in ${settleSeconds.toFixed(1)} s (${Math.round(moved / settleSeconds)}/s, ` +
        `slices of ${SETTLE_SLICE}); ${await completed()} SETTLEMENT_COMPLETED in all; import and settle ${(seconds + settleSeconds).toFixed(1)} s; peak RSS ${Math.round(peak / 1024 / 1024)} MB`,
    );
  for (const [label, { ms, calls }] of [...statementTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
    console.log(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${String(calls).padStart(4)}×  ${label}`);
  await loading;
  if (server) {
    log(`server peak RSS ${Math.round(server.peakRssMb())} MB`);
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await db.exec(`drop schema if exists "${schema}" cascade`);
  await db.close();
}
