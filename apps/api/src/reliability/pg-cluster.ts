import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Real PostgreSQL processes beside the local server, for the scale-out proofs: a streaming replica
 * (`pg_basebackup -R` into a new data directory, started on another port with `pg_ctl`) and
 * PgBouncer. Each is started and stopped by the test that uses it, under /tmp. When something is
 * missing (binaries, replication permission) the caller is told why, and skips.
 */

const run = (command: string, args: string[], asPostgres: boolean) => {
  // PostgreSQL and PgBouncer refuse to run as root: as root, they run as the `postgres` user.
  const [cmd, argv] =
    asPostgres && process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
};

/** `run` without blocking the event loop: the load a test puts on the API goes on meanwhile. */
const runAsync = (command: string, args: string[]) =>
  new Promise<{ ok: boolean; output: string }>((resolve) => {
    const [cmd, argv] =
      process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFile(cmd, argv, { encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() }),
    );
  });

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A directory under /tmp the `postgres` user owns (when we are root). */
const ownedDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status === 0) chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  return dir;
};

const queryOnce = async <T>(url: string, text: string): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
};

/** The binaries of the primary's major version, or why there are none. */
export const postgresBinaries = async (primaryUrl: string): Promise<{ bin: string } | { skip: string }> => {
  let major: number;
  try {
    const [{ v }] = await queryOnce<{ v: string }>(primaryUrl, "select current_setting('server_version_num') as v");
    major = Math.floor(Number(v) / 10000);
  } catch (error) {
    return { skip: `PostgreSQL is not reachable at ${primaryUrl}: ${(error as Error).message}` };
  }
  const bin = process.env.PG_BIN ?? `/usr/lib/postgresql/${major}/bin`;
  for (const tool of ['pg_basebackup', 'pg_ctl', 'postgres'])
    if (!existsSync(join(bin, tool)))
      return { skip: `${join(bin, tool)} is missing (Debian: apt-get install postgresql-${major}; or set PG_BIN)` };
  return { bin };
};

export type Replica = {
  url: string;
  port: number;
  dir: string;
  /** Stops it: `immediate` is a crash (connections cut at once), `fast` a clean shutdown. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** The replica's replay position has reached the primary's current one. */
  caughtUp(): Promise<void>;
  remove(): void;
};

/**
 * A streaming replica of the server at `primaryUrl`, on a free port. Needs replication allowed
 * from 127.0.0.1 in the primary's pg_hba.conf (`.ci/run` adds it; a reload is enough).
 */
export const startReplica = async (primaryUrl: string): Promise<Replica | { skip: string }> => {
  const found = await postgresBinaries(primaryUrl);
  if ('skip' in found) return found;
  const { bin } = found;
  const primary = new URL(primaryUrl);
  const dir = ownedDir('kassa-replica-');
  const data = join(dir, 'data');
  const backup = run(
    join(bin, 'pg_basebackup'),
    [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ],
    true,
  );
  if (!backup.ok) {
    rmSync(dir, { recursive: true, force: true });
    return {
      skip: `pg_basebackup failed (is replication allowed from 127.0.0.1 in pg_hba.conf? .ci/run adds it): ${backup.output.slice(0, 300)}`,
    };
  }
  const port = await freePort();
  // A hot standby needs these at least as high as its primary's.
  const needed = await queryOnce<{ name: string; setting: string }>(
    primaryUrl,
    "select name, setting from pg_settings where name in ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')",
  );
  // The primary's configuration lives outside its data directory (Debian: /etc/postgresql): the
  // replica gets a small one of its own. No fsync: a test replica is thrown away.
  writeFileSync(
    join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      ...needed.map(({ name, setting }) => `${name} = ${setting}`),
      'shared_buffers = 32MB',
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'hot_standby_feedback = on',
      'wal_receiver_status_interval = 1s',
      '',
    ].join('\n'),
  );
  writeFileSync(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  writeFileSync(join(data, 'pg_ident.conf'), '');
  if (process.getuid?.() === 0) run('chown', ['-R', 'postgres:postgres', dir], false);
  const url = new URL(primaryUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const replicaUrl = url.toString();

  const start = async () => {
    const started = await runAsync(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
    if (!started.ok) {
      const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').slice(-1500) : '';
      throw new Error(`replica did not start: ${started.output}\n${log}`);
    }
    for (let i = 0; i < 100; i++) {
      try {
        const [{ r }] = await queryOnce<{ r: boolean }>(replicaUrl, 'select pg_is_in_recovery() as r');
        if (r) return;
      } catch {
        // still starting
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('replica did not accept connections in recovery');
  };
  try {
    await start();
  } catch (error) {
    run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], true);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: replicaUrl,
    port,
    dir,
    stop: async (mode = 'fast') => {
      await runAsync(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
    },
    start,
    pauseReplay: async () => {
      await queryOnce(replicaUrl, 'select pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await queryOnce(replicaUrl, 'select pg_wal_replay_resume()');
    },
    caughtUp: async () => {
      const [{ lsn }] = await queryOnce<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
      for (let i = 0; i < 300; i++) {
        const [{ ok }] = await queryOnce<{ ok: boolean }>(
          replicaUrl,
          `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as ok`,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('replica did not catch up in 15 s');
    },
    remove: () => {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], true);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export type Bouncer = {
  /** The pooled database `kassa` (the primary's database, search_path set to `schema`). */
  url: string;
  port: number;
  version: string;
  /** `SHOW POOLS`/`SHOW STATS` of PgBouncer's admin console. */
  admin<T>(command: string): Promise<T[]>;
  /** PgBouncer's process id. */
  pid(): number;
  stop(): Promise<void>;
};

/**
 * PgBouncer (Debian's package) in front of the server at `primaryUrl`, in `mode`, on a free port:
 * database `kassa` is the primary's database with `search_path` set to `schema` on each server
 * connection (what a deployment with its own schema does in PgBouncer's `connect_query`).
 */
export const startPgbouncer = async (
  primaryUrl: string,
  mode: 'session' | 'transaction',
  { schema, poolSize = 10 }: { schema?: string; poolSize?: number } = {},
): Promise<Bouncer | { skip: string }> => {
  const found = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].find((path) =>
    existsSync(path),
  );
  if (!found) return { skip: 'pgbouncer is not installed (Debian: apt-get install pgbouncer; .ci/run installs it)' };
  const version = spawnSync(found, ['--version'], { encoding: 'utf8' })
    .stdout.split('\n')[0]
    .replace(/^PgBouncer /, '');
  const primary = new URL(primaryUrl);
  const database = decodeURIComponent(primary.pathname.slice(1) || 'postgres');
  const user = decodeURIComponent(primary.username || 'postgres');
  const dir = ownedDir('kassa-pgbouncer-');
  const port = await freePort();
  const connectQuery = schema ? ` connect_query='set search_path to ${schema}'` : '';
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `kassa = host=${primary.hostname} port=${primary.port || 5432} dbname=${database} user=${user}${connectQuery}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = any',
      `pool_mode = ${mode}`,
      'max_client_conn = 500',
      `default_pool_size = ${poolSize}`,
      `admin_users = ${user}`,
      `logfile = ${join(dir, 'log')}`,
      `pidfile = ${join(dir, 'pid')}`,
      // A server connection handed to the next client is cleaned with DISCARD ALL (session mode).
      'server_reset_query = DISCARD ALL',
      '',
    ].join('\n'),
  );
  if (process.getuid?.() === 0) run('chown', ['-R', 'postgres:postgres', dir], false);
  const started = await runAsync(found, ['-d', join(dir, 'pgbouncer.ini')]);
  if (!started.ok) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `pgbouncer did not start: ${started.output.slice(0, 300)}` };
  }
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/kassa`;
  const adminUrl = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`;
  for (let i = 0; i < 50; i++) {
    try {
      await queryOnce(url, 'select 1');
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    port,
    version,
    admin: (command) => queryOnce(adminUrl, command),
    pid: () => Number(readFileSync(join(dir, 'pid'), 'utf8').trim()),
    stop: async () => {
      // Only the process this call started, by its id.
      const pidFile = join(dir, 'pid');
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').trim());
        try {
          process.kill(pid, 'SIGINT');
        } catch {
          // already gone
        }
        for (let i = 0; i < 50 && existsSync(pidFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
