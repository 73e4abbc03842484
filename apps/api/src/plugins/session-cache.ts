import { randomBytes } from 'node:crypto';
import { sql, type Db } from './db/index.ts';
import { LISTENER_NAME } from './db/postgres.ts';

/** The channel the database notifies on every change that can end or narrow a session (migration 0055). */
export const AUTH_CHANNEL = 'kassa_auth';
const SYNC_PREFIX = 'sync:';
const ACK_PREFIX = 'ack:';
/** Caches listening on one database in this process (PGlite: all listeners are here). */
const localListeners = new WeakMap<Db, number>();
const MAX_ENTRIES = 10_000;
const SYNC_TIMEOUT_MS = 2_000;

/** A validated session as the lookup found it. */
export type CachedSession<T> = { value: T; lastSeenAt: number; expiresAt: number };

export type SessionCache<T> = {
  /** The session, validated against the database when this process has no valid copy. */
  lookup(idHash: string, load: () => Promise<CachedSession<T> | null>, maxAgeMs: number): Promise<T | null>;
  /**
   * Resolves once every listening API process has acknowledged a notice sent after every change
   * committed so far (each reads its notices in order, so it has dropped what those changes
   * ended): called before a change's answer goes out, a revoked session is refused everywhere.
   * Gives up after 2 s (a process that does not answer in time is hung, not listening).
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
  /** For tests: how many sessions are held. */
  size(): number;
};

/**
 * A short per-process cache of validated sessions. A copy is used only while (1) this process
 * LISTENs on the auth channel (a lost connection empties it and stops caching until it listens
 * again), (2) no auth change was notified since it was read (any notification empties the whole
 * cache: they are rare), and (3) it is younger than the session's touch interval, after which the
 * lookup runs again and touches `last_seen_at` exactly as without a cache (idle expiry unchanged).
 * The absolute expiry is checked on every use.
 */
export const createSessionCache = <T>(db: Db): SessionCache<T> => {
  const entries = new Map<string, CachedSession<T>>();
  // Syncs of this process waiting for acknowledgements: how many are still to come.
  const waiters = new Map<string, { missing: number; done: () => void }>();
  let listening = false;
  let stopped = false;
  // Moves on every notification or state change: a lookup that started before it is not kept.
  let generation = 0;
  const flush = () => {
    generation++;
    entries.clear();
  };
  const onNotify = (payload: string) => {
    if (payload.startsWith(SYNC_PREFIX)) {
      // Every notice before this one has been handled (they arrive in order): say so.
      const id = payload.slice(SYNC_PREFIX.length);
      db.query(sql`select pg_notify(${AUTH_CHANNEL}, ${`${ACK_PREFIX}${id}`})`).catch(() => {});
      return;
    }
    if (payload.startsWith(ACK_PREFIX)) {
      const waiter = waiters.get(payload.slice(ACK_PREFIX.length));
      if (waiter && --waiter.missing <= 0) waiter.done();
      return;
    }
    flush();
  };
  const onState = (next: boolean) => {
    listening = next && !stopped;
    flush();
  };
  localListeners.set(db, (localListeners.get(db) ?? 0) + 1);
  const stopping = db.listen(AUTH_CHANNEL, onNotify, onState).catch(() => async () => {});
  /** The listeners that must acknowledge a sync: every listening connection on PostgreSQL, this process's on PGlite. */
  const listenerCount = async (): Promise<number> => {
    if (db.engine !== 'postgresql') return localListeners.get(db) ?? 1;
    const [row] = await db.query<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    return row.n;
  };

  return {
    async lookup(idHash, load, maxAgeMs) {
      const now = Date.now();
      const held = entries.get(idHash);
      if (held && listening && now - held.lastSeenAt <= maxAgeMs && now < held.expiresAt) return held.value;
      if (held) entries.delete(idHash);
      const startedAt = generation;
      const found = await load();
      if (!found) return null;
      if (listening && startedAt === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(idHash, found);
      }
      return found.value;
    },
    async sync() {
      if (!listening) return;
      const id = randomBytes(9).toString('base64url');
      let done = () => {};
      const acknowledged = new Promise<void>((resolve) => {
        done = resolve;
        setTimeout(resolve, SYNC_TIMEOUT_MS).unref();
      });
      // Counted before the notice goes out: no acknowledgement can come before it.
      waiters.set(id, { missing: await listenerCount(), done });
      try {
        await db.query(sql`select pg_notify(${AUTH_CHANNEL}, ${`${SYNC_PREFIX}${id}`})`);
        await acknowledged;
      } finally {
        waiters.delete(id);
      }
    },
    async stop() {
      stopped = true;
      listening = false;
      flush();
      localListeners.set(db, Math.max(0, (localListeners.get(db) ?? 1) - 1));
      await (
        await stopping
      )();
    },
    size: () => entries.size,
  };
};
