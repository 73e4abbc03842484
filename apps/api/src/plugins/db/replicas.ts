import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Pages } from './engine.ts';
import { sql, type Sql } from './sql.ts';
import { dbReads, dbReplicaLag, dbReplicaUsable } from '../../lib/metrics.ts';

/**
 * Read replicas (DATABASE_READ_URL): reads that may see data a few seconds old (statistics,
 * reports, exports, lists and counts) go to a streaming replica of the primary; everything else,
 * and every read of a user who wrote moments ago (read-your-writes), stays on the primary.
 *
 * A read goes to a replica only when all of these hold:
 * - it runs inside `readFromReplica` (routes opt in with `config: { replica: true }`, app.ts);
 * - it is a single statement that cannot write (`select`/`with` without a data-changing word);
 *   a transaction always runs on the primary;
 * - the user named by `readFromReplica` made no write in the last `ryw` seconds (the lag bound
 *   plus the age of a lag measurement: a replica used is never further behind than that);
 * - a replica is usable: it answered its last check, is in recovery, and lags at most `maxLag`.
 * A replica whose read fails is marked down at once and the read runs again on the primary: an
 * outage of a replica never reaches a caller.
 */

type ReadContext = { user: string | null };
const readContext = new AsyncLocalStorage<ReadContext>();

/** Runs `work` with its single-statement reads allowed on a replica (for `user`, or a job: null). */
export const readFromReplica = <T>(user: string | null, work: () => T): T => readContext.run({ user }, work);

/** Runs `work` on the primary whatever the caller allowed (a read that must see its own write). */
export const onPrimary = <T>(work: () => T): T => readContext.exit(work);

/** A statement that cannot change anything; anything doubtful (locks, sequences, notify) is not. */
const WRITES =
  /\b(insert|update|delete|merge|truncate|nextval|setval|set_config|pg_advisory\w*|pg_notify|lock|for\s+(no\s+key\s+)?(update|share|key\s+share))\b/i;
export const isReadOnly = (text: string) => /^\s*\(?\s*(select|with)\b/i.test(text) && !WRITES.test(text);

export type ReplicaOptions = {
  /** Replication lag (seconds) above which a replica is skipped until it catches up. */
  maxLag: number;
  /** How often each replica's lag is measured (ms). */
  checkEveryMs: number;
};

export type ReplicaState = {
  name: string;
  up: boolean;
  lag: number;
  checkedAt: number;
  usable: boolean;
};

type Replica = { name: string; db: Db; up: boolean; lag: number; checkedAt: number };

/** The primary's WAL position, then the replica's: a replica that replayed it is not behind. */
const measure = async (primary: Db, replica: Replica) => {
  const [{ lsn }] = await primary.query<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
  // Lag as the replica itself sees it: 0 when it has replayed everything the primary had written
  // a moment ago (an idle primary makes `now() - pg_last_xact_replay_timestamp()` grow without
  // any lag), else the age of the last transaction it replayed.
  const [row] = await replica.db.query<{ recovering: boolean; caught_up: boolean | null; behind: number | null }>(sql`
    select pg_is_in_recovery() as recovering,
           pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as caught_up,
           extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 as behind`);
  if (!row.recovering) throw new Error(`${replica.name} is not a replica (not in recovery)`);
  return row.caught_up ? 0 : (row.behind ?? Number.POSITIVE_INFINITY);
};

/** The primary with its replicas: a Db that sends reads allowed by `readFromReplica` to a usable replica. */
export const withReplicas = (
  primary: Db,
  replicaDbs: { name: string; db: Db }[],
  { maxLag, checkEveryMs }: ReplicaOptions,
): Db & { replicas(): ReplicaState[]; checkReplicas(): Promise<void>; noteWrite(user: string): void } => {
  const replicas: Replica[] = replicaDbs.map(({ name, db }) => ({ name, db, up: false, lag: Infinity, checkedAt: 0 }));
  // Read-your-writes: a write's commit is on every usable replica once the lag bound and one
  // measurement interval (plus a second of margin) have passed.
  const rywMs = maxLag * 1000 + checkEveryMs + 1000;
  const lastWrite = new Map<string, number>();
  const usable = (r: Replica) => r.up && r.lag <= maxLag;
  let turn = 0;

  const check = async (replica: Replica) => {
    try {
      replica.lag = await measure(primary, replica);
      replica.up = true;
    } catch {
      replica.up = false;
      replica.lag = Infinity;
    }
    replica.checkedAt = Date.now();
    dbReplicaLag.set({ pool: replica.name }, Number.isFinite(replica.lag) ? replica.lag : -1);
    dbReplicaUsable.set({ pool: replica.name }, usable(replica) ? 1 : 0);
  };
  const checkReplicas = async () => {
    await Promise.all(replicas.map(check));
  };
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkReplicas().finally(() => (checking = false));
  }, checkEveryMs);
  timer.unref();

  /** The replica for this read, or undefined (and why) for the primary. */
  const choose = (text: string): { replica?: Replica; reason: string } => {
    const context = readContext.getStore();
    if (!context) return { reason: 'not_allowed' };
    if (!isReadOnly(text)) return { reason: 'writes' };
    if (context.user) {
      const wrote = lastWrite.get(context.user);
      if (wrote !== undefined) {
        if (Date.now() - wrote < rywMs) return { reason: 'own_write' };
        lastWrite.delete(context.user);
      }
    }
    const candidates = replicas.filter(usable);
    if (candidates.length === 0) return { reason: replicas.some((r) => r.up) ? 'lagging' : 'down' };
    return { replica: candidates[turn++ % candidates.length], reason: 'replica' };
  };
  const failed = (replica: Replica) => {
    replica.up = false;
    dbReplicaUsable.set({ pool: replica.name }, 0);
  };

  return {
    ...primary,
    async query<T>(statement: Sql) {
      const { replica, reason } = choose(statement.text);
      if (!replica) {
        if (reason !== 'not_allowed' && reason !== 'writes') dbReads.inc({ pool: 'primary', reason });
        return primary.query<T>(statement);
      }
      try {
        const rows = await replica.db.query<T>(statement);
        dbReads.inc({ pool: replica.name, reason: 'replica' });
        return rows;
      } catch {
        // A replica going away (or cancelling a read that conflicts with replay): the primary answers.
        failed(replica);
        dbReads.inc({ pool: 'primary', reason: 'replica_failed' });
        return primary.query<T>(statement);
      }
    },
    async *stream<T>(query: Sql | Pages, batchSize?: number) {
      const statement = 'all' in query ? query.all : query;
      const { replica, reason } = choose(statement.text);
      if (!replica) {
        if (reason !== 'not_allowed' && reason !== 'writes') dbReads.inc({ pool: 'primary', reason });
        yield* primary.stream<T>(query, batchSize);
        return;
      }
      // Until its first rows arrive a stream can still move to the primary; after that, a failure
      // is the caller's (a download cut short, as any connection loss would).
      let sent = false;
      try {
        for await (const rows of replica.db.stream<T>(query, batchSize)) {
          sent = true;
          yield rows;
        }
        dbReads.inc({ pool: replica.name, reason: 'replica' });
      } catch (error) {
        failed(replica);
        if (sent) throw error;
        dbReads.inc({ pool: 'primary', reason: 'replica_failed' });
        yield* primary.stream<T>(query, batchSize);
      }
    },
    observePool() {
      primary.observePool?.();
      for (const replica of replicas) replica.db.observePool?.();
    },
    replicas: () =>
      replicas.map((r) => ({ name: r.name, up: r.up, lag: r.lag, checkedAt: r.checkedAt, usable: usable(r) })),
    checkReplicas,
    noteWrite(user: string) {
      lastWrite.set(user, Date.now());
    },
    close: async () => {
      clearInterval(timer);
      await Promise.all([primary.close(), ...replicas.map((r) => r.db.close())]);
    },
  };
};

/** The Db's replica side, when it has one (`noteWrite` after a user's write; the states for /metrics and tests). */
export const replicasOf = (db: Db) => ('noteWrite' in db ? (db as ReturnType<typeof withReplicas>) : undefined);
