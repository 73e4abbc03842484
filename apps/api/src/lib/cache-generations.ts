import type { TCacheName as CacheName } from '@kassa/domain';
import { sql, type Db } from '../plugins/db/index.ts';

/** How stale a process's view of the generations may be: a clear is effective everywhere within this. */
export const GENERATION_CHECK_MS = 5_000;

type Generations = Partial<Record<CacheName, number>>;
const localClears = new Map<CacheName, () => void>();
let seen: Generations = {};
let checkedAt = 0;
let checking: Promise<void> | null = null;

/** What this process drops when another process (or this one) clears a cache. */
export const onCacheCleared = (name: CacheName, clear: () => void) => localClears.set(name, clear);

const refresh = async (db: Db) => {
  const rows = await db.query<{ name: CacheName; generation: string }>(sql`select name, generation from cache_state`);
  const next: Generations = {};
  for (const row of rows) {
    next[row.name] = Number(row.generation);
    if (seen[row.name] !== undefined && seen[row.name] !== next[row.name]) localClears.get(row.name)?.();
  }
  seen = next;
  checkedAt = Date.now();
};

/**
 * The generations as this process knows them, read again from the database when older than
 * 5 s; a generation that moved clears this process's copy. A database that does not answer leaves
 * the last known generations in place (the request itself will say what is wrong).
 */
export const cacheGenerations = async (db: Db, force = false): Promise<Generations> => {
  if (force || Date.now() - checkedAt >= GENERATION_CHECK_MS) {
    checking ??= refresh(db)
      .catch(() => undefined)
      .finally(() => {
        checking = null;
      });
    await checking;
  }
  return seen;
};

/** The header browsers read: `lists=2,translations=1`, so they drop what they keep of a cleared cache. */
export const generationsHeader = (generations: Generations) =>
  (['translations', 'lists'] as const)
    .filter((n) => generations[n] !== undefined)
    .map((n) => `${n}=${generations[n]}`)
    .join(',');

/** The `kassa-cache` header of an answer to `url` (none outside the API): set by an `onSend` hook, also known to the audit trail before. */
export const cacheHeaderFor = async (db: Db, url: string): Promise<string | undefined> =>
  url.startsWith('/v1/') ? generationsHeader(await cacheGenerations(db)) || undefined : undefined;
