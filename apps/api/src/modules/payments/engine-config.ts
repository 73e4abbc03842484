import type { Db, Queryable } from '../../plugins/db/index.ts';
import { loadEngineConfig, type EngineConfigRow } from './charge.repository.ts';

/** Profiles whose configuration a process keeps at most; beyond, it starts afresh. */
const MAX_PROFILES = 5000;

export type EngineConfigs = {
  /** The configuration of a profile's payments (in the profile's organisation): kept, or read when `fresh` or unknown. */
  get(q: Queryable, profileId: string, fresh?: boolean): Promise<EngineConfigRow>;
  /** Forgets everything: a payment found the configuration changed. */
  clear(): void;
};

const caches = new WeakMap<Db, EngineConfigs>();

/**
 * What decides a payment through the API, kept per API process and database (issue 14: no
 * statement for it per payment). It may be stale: every payment decided by it is written only
 * when its version is still the current one (`writePayment`), in the same statement, so a payment
 * is never decided by a configuration older than one saved before the payment was written.
 */
export const engineConfigs = (db: Db): EngineConfigs => {
  let cache = caches.get(db);
  if (cache) return cache;
  const kept = new Map<string, EngineConfigRow>();
  cache = {
    async get(q, profileId, fresh = false) {
      const known = fresh ? undefined : kept.get(profileId);
      if (known) return known;
      const config = await loadEngineConfig(q, profileId, null);
      // A missing profile is not kept: it may be created at any time.
      if (config.profile) {
        if (kept.size >= MAX_PROFILES) kept.clear();
        kept.set(profileId, config);
      }
      return config;
    },
    clear: () => kept.clear(),
  };
  caches.set(db, cache);
  return cache;
};
