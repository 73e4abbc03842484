import { z } from 'zod';

/** What Kassa caches (portal.md §2.4 admin/cache; issue 13). */
export const CACHE_NAMES = ['translations', 'rollups', 'lists', 'sessions'] as const;
export type TCacheName = (typeof CACHE_NAMES)[number];

/** One cache as the cache page shows it: how many entries, since when, and the last clear. */
export const ZCacheEntry = z.object({
  name: z.enum(CACHE_NAMES),
  generation: z.number().int(),
  entries: z.number().int().nullable(),
  /** When what is cached now was made; null when nothing is cached. */
  since: z.union([z.string(), z.date()]).nullable(),
  age_seconds: z.number().int().nullable(),
  cleared_at: z.union([z.string(), z.date()]).nullable(),
  cleared_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});
export type TCacheEntry = z.infer<typeof ZCacheEntry>;

export const ZCacheParams = z.object({ name: z.enum(CACHE_NAMES, { error: 'Unknown cache' }) });
