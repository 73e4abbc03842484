// Two runs of `npm run bench` side by side (e.g. 1,000,000 and 10,000,000 transactions): every
// screen's first request, every statistics call, the month's CSV export and card payments, each
// with the database's own time for the same SQL or its CPU per request, the smaller scale first.
// `npm run bench -- --compare <earlier.json>` prints it after its own run; or on two files:
// `node --import tsx bench/compare.ts bench/results/A.json bench/results/B.json`.
import { readFileSync } from 'node:fs';

type Load = { requestsPerSecond: number; p50: number; p95: number };
export type BenchReport = {
  date: string;
  scale: number;
  connections: number;
  scenarios: {
    name: string;
    who: string;
    load: Load;
    cpuMsPerRequest: number;
    databaseCpuMsPerRequest: number;
    replicaCpuMsPerRequest?: number | null;
    apiOneMs: number;
    sql?: { oneConnectionMs: number } | null;
  }[];
  statistics: {
    call: string;
    who: string;
    load: Load;
    serverCpu: number;
    databaseCpu: number;
    replicaCpu?: number | null;
  }[];
  export?: { rows: number; seconds: number; month?: { label: string; rows: number; rowsPerSecond: number } };
  payments?: {
    paymentsPerSecond: number;
    latencyMs: { p50: number; p95: number };
    apiCpuMsPerPayment: number;
    dbCpuMsPerPayment: number;
  };
};

/** JSON writes NaN as null: a figure that was not measured. */
const fmt = (n: number | null | undefined, digits = 1) =>
  typeof n === 'number' && Number.isFinite(n) ? n.toFixed(digits) : '–';
const scaleName = (report: BenchReport) =>
  report.scale >= 1_000_000 ? `${report.scale / 1_000_000}M` : report.scale.toLocaleString('en');
const goal = (value: number | undefined, limit: number) =>
  value === undefined || !Number.isFinite(value) ? '–' : value <= limit ? 'yes' : 'NO';

/** The table as lines of Markdown; rows the other run lacks show a dash. */
export const sideBySide = (first: BenchReport, second: BenchReport): string[] => {
  const [a, b] = first.scale <= second.scale ? [first, second] : [second, first];
  const [na, nb] = [scaleName(a), scaleName(b)];
  const lines: string[] = [
    `## ${na} and ${nb} transactions side by side (${a.date.slice(0, 16)} and ${b.date.slice(0, 16)} UTC)`,
    '',
    `Every screen's first request at ${b.connections} connections (goal at ${nb}: p95 ≤ 25 ms). SQL: the same statements straight to the database at one connection; database CPU: the backends' CPU per request (the replica's beside it where one was configured).`,
    '',
    `| scenario | user | p95 ms ${na} | p95 ms ${nb} | ≤ 25 ms | Kassa 1 conn ms ${na} | ${nb} | SQL 1 conn ms ${na} | ${nb} | database CPU ms/req ${na} | ${nb} | replica CPU ms/req ${na} | ${nb} |`,
    '|---|---|---:|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of b.scenarios) {
    const before = a.scenarios.find((r) => r.name === row.name && r.who === row.who);
    lines.push(
      `| ${row.name} | ${row.who} | ${fmt(before?.load.p95)} | ${fmt(row.load.p95)} | ${goal(row.load.p95, 25)} | ${fmt(before?.apiOneMs, 2)} | ${fmt(row.apiOneMs, 2)} | ${fmt(before?.sql?.oneConnectionMs, 2)} | ${fmt(row.sql?.oneConnectionMs, 2)} | ${fmt(before?.databaseCpuMsPerRequest, 2)} | ${fmt(row.databaseCpuMsPerRequest, 2)} | ${fmt(before?.replicaCpuMsPerRequest, 2)} | ${fmt(row.replicaCpuMsPerRequest, 2)} |`,
    );
  }
  lines.push(
    '',
    `Every statistics call over a year (goal at ${nb}: p95 ≤ 100 ms). CPU per call of the API, the primary's backends and the replica's.`,
    '',
    `| call | user | p95 ms ${na} | p95 ms ${nb} | ≤ 100 ms | API CPU ms ${na} | ${nb} | primary CPU ms ${na} | ${nb} | replica CPU ms ${na} | ${nb} |`,
    '|---|---|---:|---:|:---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of b.statistics) {
    const before = a.statistics.find((r) => r.call === row.call && r.who === row.who);
    lines.push(
      `| ${row.call} | ${row.who} | ${fmt(before?.load.p95)} | ${fmt(row.load.p95)} | ${goal(row.load.p95, 100)} | ${fmt(before?.serverCpu, 2)} | ${fmt(row.serverCpu, 2)} | ${fmt(before?.databaseCpu, 2)} | ${fmt(row.databaseCpu, 2)} | ${fmt(before?.replicaCpu, 2)} | ${fmt(row.replicaCpu, 2)} |`,
    );
  }
  const month = (r: BenchReport) =>
    r.export?.month
      ? `${r.export.month.rows.toLocaleString('en')} rows of ${r.export.month.label} at ${fmt(r.export.month.rowsPerSecond, 0)} rows/s`
      : '–';
  const payments = (r: BenchReport) =>
    r.payments
      ? `${fmt(r.payments.paymentsPerSecond, 0)}/s, p95 ${fmt(r.payments.latencyMs.p95)} ms, API CPU ${fmt(r.payments.apiCpuMsPerPayment, 2)} ms and database CPU ${fmt(r.payments.dbCpuMsPerPayment, 2)} ms per payment`
      : '–';
  lines.push(
    '',
    '| figure | goal | ' + na + ' | ' + nb + ' |',
    '|---|---|---|---|',
    `| CSV export of a month | ≥ 100,000 rows/s | ${month(a)} | ${month(b)} |`,
    `| card payments through rules and routing | ≥ 500/s | ${payments(a)} | ${payments(b)} |`,
  );
  return lines;
};

export const printSideBySide = (first: BenchReport, second: BenchReport) =>
  console.log(`\n${sideBySide(first, second).join('\n')}`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const [fileA, fileB] = process.argv.slice(2);
  if (!fileA || !fileB) throw new Error('usage: node --import tsx bench/compare.ts <run A.json> <run B.json>');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
  printSideBySide(read(fileA), read(fileB));
}
