import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** Characters of the server's log kept for an error message. */
const LOG_TAIL = 64 * 1024;

export type BenchServer = {
  baseUrl: string;
  pid: number;
  readyMs: number;
  peakRssMb: () => number;
  rssMb: () => number;
  cpuMs: () => number;
  stop: () => Promise<void>;
};

const statusMb = (pid: number, field: 'VmHWM' | 'VmRSS'): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
};

/** Peak resident memory (VmHWM) of a process, in MB, from /proc. */
export const peakRssMb = (pid: number): number => statusMb(pid, 'VmHWM');
/** CPU time (user + system) a process has used so far, in ms, from /proc (10 ms resolution). */
export const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** CPU ms of each of these processes so far (one that ended meanwhile is left out). */
export const cpuOfPids = (pids: number[]): Map<number, number> =>
  new Map(
    pids.flatMap((pid) => {
      try {
        return [[pid, cpuMs(pid)] as const];
      } catch {
        return [];
      }
    }),
  );

/** Reads the server's router sent to a replica, and to the primary by reason (`primary (own_write)`), from its /metrics. */
export const routedReads = async (baseUrl: string, metricsToken: string): Promise<Record<string, number>> => {
  const text = await (
    await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const counts: Record<string, number> = {};
  for (const [, pool, reason, value] of text.matchAll(
    /^kassa_db_routed_reads_total\{pool="([^"]+)",reason="([^"]+)"\} (\S+)$/gm,
  )) {
    const where = pool === 'primary' ? `primary (${reason})` : 'replica';
    counts[where] = (counts[where] ?? 0) + Number(value);
  }
  return counts;
};

/** Resident memory now (VmRSS) of a process, in MB. */
export const rssMb = (pid: number): number => statusMb(pid, 'VmRSS');

/** Starts the real server as `npm start` would, and times it until /v1/health answers. */
export const startServer = async (env: Record<string, string>, port: number): Promise<BenchServer> => {
  // BENCH_SERVER_ROOT runs another checkout's server (e.g. the commit before a change) under the same bench.
  const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
  // As `npm start` runs it: the compiled build (brought up to date first, outside the timing), or
  // through tsx in a checkout from before the build existed.
  const builder = join(serverRoot, 'scripts/api-build.mjs');
  if (existsSync(builder))
    execFileSync(process.execPath, [builder, '--if-stale'], { cwd: serverRoot, stdio: 'inherit' });
  const compiled = join(serverRoot, 'apps/api/dist/server.js');
  const program = existsSync(compiled)
    ? ['--enable-source-maps', compiled]
    : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const started = performance.now();
  // BENCH_NODE_ARGS adds flags to the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a scenario's time goes.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn('node', [...extra, ...program], {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A bench that fails after this point still stops its server: a server left running held the
  // bench's port, and the next run failed with EADDRINUSE.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  // Only the log's tail is kept: a whole run's log in one string outgrew V8's longest string
  // (`RangeError: Invalid string length`) late in a 1,000,000-transaction run and lost every table.
  let log = '';
  const keep = (chunk: Buffer | string) => {
    log += chunk;
    if (log.length > LOG_TAIL * 2) log = log.slice(-LOG_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log.slice(-4000)}`);
    try {
      if ((await fetch(`${baseUrl}/v1/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (performance.now() - started > 600_000)
      throw new Error(`server not ready after 10 minutes:\n${log.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const readyMs = performance.now() - started;
  const pid = child.pid as number;
  return {
    baseUrl,
    pid,
    readyMs,
    peakRssMb: () => peakRssMb(pid),
    rssMb: () => rssMb(pid),
    cpuMs: () => cpuMs(pid),
    stop: async () => {
      process.removeListener('exit', orphaned);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
};

/** Signs in over HTTP and returns the cookie header. */
export const signIn = async (baseUrl: string, email: string, password: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
};
