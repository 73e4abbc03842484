import type { TCacheEntry, TCacheName } from '@kassa/domain';
import { cacheGenerations, onCacheCleared } from '../../lib/cache-generations.ts';
import type { Config } from '../../config.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { clearTranslationBundles, loadedTranslationBundles } from '../../query/readable-export.ts';
import * as repo from './cache.repository.ts';

// Every process drops its own translation bundles when any process clears them.
onCacheCleared('translations', clearTranslationBundles);

const ageOf = (since: Date | null, now: Date) =>
  since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)) : null;
const earliest = (dates: Date[]) => (dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null);

/** The caches with their size and age (portal.md §2.4 admin/cache). */
export const listCaches = async (db: Db, config: Config): Promise<TCacheEntry[]> => {
  await cacheGenerations(db, true);
  const now = new Date();
  const states = await repo.cacheStates(db);
  const sizes: Record<TCacheName, () => Promise<{ entries: number | null; since: Date | null }>> = {
    // Per process: the readable-export bundles here; browsers keep theirs until the version moves.
    translations: async () => {
      const loaded = loadedTranslationBundles();
      return { entries: loaded.length, since: earliest(loaded) };
    },
    rollups: async () => {
      const state = await repo.rollupState(db);
      const cleared = states.find((s) => s.name === 'rollups')?.cleared_at ?? null;
      return { entries: Number(state.rows), since: cleared ?? state.built_at };
    },
    lists: async () => ({
      entries: await repo.listSizes(db),
      since: states.find((s) => s.name === 'lists')?.cleared_at ?? null,
    }),
    sessions: async () => {
      const state = await repo.sessionState(db, config.sessionIdleSeconds);
      return { entries: Number(state.n), since: state.oldest };
    },
  };
  return Promise.all(
    states.map(async (s) => {
      const { entries, since } = await sizes[s.name]();
      return {
        name: s.name,
        generation: Number(s.generation),
        entries,
        since,
        age_seconds: ageOf(since, now),
        cleared_at: s.cleared_at,
        cleared_by: s.cleared_by ? { id: s.cleared_by, name: s.cleared_by_name } : null,
      };
    }),
  );
};

/**
 * Clears one cache: rollups are built again from the transactions, sessions other than the
 * caller's end, and the generation moves so that every API process and browser drops its copy
 * of translations and lists. Audited.
 */
export const clearCache = async (
  db: Db,
  config: Config,
  actor: Actor,
  name: TCacheName,
  sessionHash: string | null,
): Promise<TCacheEntry> => {
  let affected: number | null = null;
  await db.transaction(async (tx) => {
    if (name === 'rollups') await repo.rebuildRollups(tx);
    if (name === 'sessions') affected = await repo.revokeOtherSessions(tx, sessionHash ?? '');
    await repo.bumpGeneration(tx, name, actor.userId);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'cache_cleared',
      responseCode: 200,
      entity: 'cache',
      entityId: name,
      detail: { name, ...(affected === null ? {} : { sessions_ended: affected }) },
    });
  });
  const caches = await listCaches(db, config);
  return caches.find((c) => c.name === name)!;
};
