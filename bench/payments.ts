// `npm run bench:payments` (issue 14): payments created through the real API on PostgreSQL, with
// block, tag and 3-D Secure rulesets and the profile's routing tree evaluated, the sandbox
// acquirer, the audit entry, the rollups and the webhook outbox, each payment one database
// transaction; and the routing decision alone, timed in-process. Needs DATABASE_URL; builds a
// small demo world there when it has none. Writes bench/results/payments-<date>.json.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { evaluateRouting, type PaymentFacts, type RoutingNode } from '@kassa/domain';
import { createDemoRouting } from '../apps/api/src/demo/routing.ts';
import { ensureDemoWorld, openBenchDb, psqlAt } from './direct.ts';
import { cardPaymentRequest, percentile } from './load.ts';
import { signIn, startServer } from './server.ts';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '20' },
    scale: { type: 'string', default: '20000' },
    servers: { type: 'string', default: '1' },
    // The report once more as the last line of stdout, on one line (for `npm run bench`).
    json: { type: 'boolean', default: false },
  },
});
/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const log = (line: string) => console.log(`[bench:payments] ${line}`);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:payments measures PostgreSQL: set DATABASE_URL');
const psql = psqlAt(url);
/** CPU seconds of each PostgreSQL backend serving this database (the server runs on this machine). */
const backendCpu = (): Map<number, number> => {
  const pids = psql('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
    .split('\n')
    .filter(Boolean)
    .map(Number);
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // The backend ended between the two reads.
    }
  }
  return cpu;
};

type Json = Record<string, unknown>;
const call = async (
  baseUrl: string,
  auth: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<Json> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...auth, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Json;
};

// Approving and declining test cards, amounts around 45.00, like the demo traffic.
const CARDS = [
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '4000000000009995',
  '4100000000000019',
  '4242424242424242',
];

const main = async () => {
  ensureDemoWorld(url, args.scale, log);
  // `npm run demo` leaves the profiles' weighted splits; the server's demo start-up turns them into routing trees, as here.
  const db = await openBenchDb({ DATABASE_URL: url });
  await createDemoRouting(db);
  await db.close();
  const servers = await Promise.all(
    Array.from({ length: Number(args.servers) }, (_, i) =>
      // The payment path decrypts nothing; a key of the run's own is enough when none is set.
      startServer(
        {
          DATABASE_URL: url,
          WORKER: 'false',
          DEMO: 'false',
          KASSA_SECRET_KEY: process.env.KASSA_SECRET_KEY ?? randomBytes(32).toString('hex'),
        },
        3950 + i,
      ),
    ),
  );
  const baseUrl = servers[0].baseUrl;
  try {
    const cookie = { cookie: await signIn(baseUrl, 'merchant@kassa.test', 'Kassa-demo-2026!') };
    const profiles = (await call(baseUrl, cookie, 'GET', '/v1/paymentprofile?_limit=100')) as unknown as {
      id: string;
      routing: { card?: unknown };
    }[];
    const profile = profiles.find((p) => typeof p.routing?.card === 'string');
    if (!profile) throw new Error('no demo payment profile with a card routing tree');
    const routing = (await call(baseUrl, cookie, 'GET', `/v1/routing/${profile.routing.card}`)) as unknown as {
      details: RoutingNode;
    };
    const suffix = Date.now().toString(36);
    const rulesets = [
      {
        name: `bench block ${suffix}`,
        action: 'block',
        rules: [{ name: 'card_bin', operator: '==', value: '410000' }],
      },
      {
        name: `bench tag ${suffix}`,
        action: 'tag',
        tag: (await call(baseUrl, cookie, 'POST', '/v1/tag', { text: `bench ${suffix}`, colour: '#336699' })).id,
        rules: [{ name: 'amount', operator: '>=', value: '10000' }],
      },
      // Evaluated for every payment; fires for none, so every payment is answered at once.
      {
        name: `bench 3ds ${suffix}`,
        action: '3dSecure',
        rules: [{ name: 'amount', operator: '>=', value: '90000000' }],
      },
    ];
    const created: string[] = [];
    for (const body of rulesets)
      created.push(String((await call(baseUrl, cookie, 'POST', '/v1/validationruleset', body)).id));
    const key = String(
      (await call(baseUrl, cookie, 'POST', '/v1/apikey', { name: `bench ${suffix}`, roles: ['USER_ALL'] })).key,
    );
    // Earlier runs leave dead versions of the hot rollup rows behind, and autovacuum may be off
    // (it is on the CI server): without this, each run on the same database costs more than the last.
    psql('vacuum analyze');
    const before = Number(psql('select count(*) from transaction'));
    const auditBefore = Number(psql('select count(*) from audit_log'));

    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    const dbCpuBefore = backendCpu();
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const seconds = Number(args.seconds);
    log(`${args.connections} connections for ${seconds} s against ${servers.length} API process(es)…`);
    const result = await new Promise<{ requests: { total: number } }>((resolve, reject) => {
      const instance = autocannon(
        {
          // Several API processes share the connections (autocannon spreads them over the URLs).
          url: servers.length > 1 ? servers.map((s) => s.baseUrl) : baseUrl,
          connections: Number(args.connections),
          duration: seconds,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          requests: [cardPaymentRequest(profile.id, `BENCH-${suffix}`, CARDS)],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client, status, _bytes, responseTime) => {
        latencies.push(responseTime);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    });
    const apiCpuSeconds = servers.reduce((sum, server, i) => sum + cpuSeconds(server.pid) - cpuBefore[i], 0);
    // Backends that connected during the run count whole; shared server processes (WAL writer, checkpointer) do not count.
    const dbCpuSeconds = [...backendCpu()].reduce((sum, [pid, cpu]) => sum + cpu - (dbCpuBefore.get(pid) ?? 0), 0);
    const made = Number(psql('select count(*) from transaction')) - before;
    const byStatus = psql(
      `select status || '=' || count(*) from transaction where merchant_reference like 'BENCH-${suffix}-%' group by status order by 1`,
    ).split('\n');
    const audit = Number(psql('select count(*) from audit_log')) - auditBefore;

    // The routing decision alone: the demo tree over generated payments, in-process.
    const times: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      const facts: PaymentFacts = {
        id: `tx_${i}`,
        amount: 100 + ((i * 7919) % 500_000),
        currency_code: 'EUR',
        payment_product: 'card',
        card_brand: ['visa', 'mastercard', 'amex'][i % 3],
        card_bin: ['411111', '555555', '378282'][i % 3],
        country_code: ['NL', 'BE', 'DE', 'FR'][i % 4],
        card: null,
        customer: null,
        customer_status: null,
        mcc: '5411',
        three_ds: i % 2 === 0,
        recurring_type: 'none',
      };
      const started = performance.now();
      evaluateRouting(routing.details, facts);
      times.push(performance.now() - started);
    }

    const report = {
      date: new Date().toISOString(),
      engine: 'postgresql',
      apiProcesses: servers.length,
      connections: Number(args.connections),
      seconds,
      paymentsPerSecond: made / seconds,
      // CPU the API process(es) spent per payment: what a quiet core could do, whatever else the machine runs.
      apiCpuMsPerPayment: (apiCpuSeconds * 1000) / made,
      // CPU the database's backends for this database spent per payment.
      dbCpuMsPerPayment: (dbCpuSeconds * 1000) / made,
      loadAverage: loadavg()[0],
      requests: result.requests.total,
      responses: statuses,
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
      created: made,
      byStatus,
      auditEntries: audit,
      routingDecisionMs: {
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.reduce((a, b) => Math.max(a, b), 0),
      },
    };
    console.log(JSON.stringify(report, null, 2));
    const file = join(root, 'bench/results', `payments-${report.date.slice(0, 19).replace(/:/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2));
    log(`written to ${file}`);
    if (args.json) console.log(JSON.stringify(report));
    for (const id of created)
      await call(baseUrl, cookie, 'DELETE', `/v1/validationruleset/${id}`).catch(() => undefined);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
