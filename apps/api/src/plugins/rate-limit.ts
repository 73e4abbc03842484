import { HttpError } from '../lib/http-error.ts';
import { sql, type Queryable } from './db/index.ts';

export type RateLimit = { limit: number; windowSeconds: number };

/** Sign-in failures per IP address (SECURITY.md): enough for an office behind one address. */
export const LOGIN_FAILURES_PER_IP: RateLimit = { limit: 30, windowSeconds: 15 * 60 };
/** Forgot-password requests per IP address. */
export const FORGOT_PASSWORD_PER_IP: RateLimit = { limit: 10, windowSeconds: 15 * 60 };

const tooMany = (retryAfter: number) =>
  new HttpError(429, 'too_many_requests', 'Too many attempts, please wait before trying again', undefined, {
    'retry-after': String(Math.max(1, retryAfter)),
  });

/**
 * Counts one hit for the key in a fixed window, stored in the database so that every api
 * process shares the count; over the limit it answers 429 with `retry-after`.
 */
export const hitRateLimit = async (db: Queryable, key: string, rule: RateLimit): Promise<void> => {
  const hit = await countHit(db, key, rule);
  if (hit.count > rule.limit) throw tooMany(hit.retryAfter);
};

/** Refuses with 429 while the key is over its limit, without counting (e.g. before checking a password). */
export const assertUnderRateLimit = async (db: Queryable, key: string, rule: RateLimit): Promise<void> => {
  const [row] = await db.query<{ count: number; retry_after: number }>(sql`
    select count, ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after
    from rate_limit where key = ${key} and window_start > now() - make_interval(secs => ${rule.windowSeconds})`);
  if (row && row.count >= rule.limit) throw tooMany(row.retry_after);
};

/** Refused API keys per address (issue 30): a misconfigured integration is told at once, a flood is braked. */
export const REFUSED_KEYS_PER_IP: RateLimit = { limit: 30, windowSeconds: 60 };

/** One hit counted in the key's window, with the window before it when this hit started a new one. */
export type CountedHit = {
  count: number;
  retryAfter: number;
  windowStart: Date;
  /** The ended window this hit replaced: its start and final count. */
  previous: { windowStart: Date; count: number } | null;
};

/**
 * Counts one hit in the key's fixed window without refusing, and tells the final count of the
 * window it replaced (for a trail that records one row per window instead of one per hit).
 */
export const countHit = async (db: Queryable, key: string, rule: RateLimit): Promise<CountedHit> => {
  const [row] = await db.query<{
    count: number;
    retry_after: number;
    window_start: Date;
    previous_start: Date | null;
    previous_count: number | null;
  }>(sql`
    with before as (select window_start, count from rate_limit where key = ${key})
    insert into rate_limit (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then 1 else rate_limit.count + 1 end,
      window_start = case when rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) then now() else rate_limit.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after,
      window_start, (select window_start from before) as previous_start, (select count from before) as previous_count`);
  const replaced =
    row.previous_start !== null &&
    row.previous_count !== null &&
    row.previous_start.getTime() !== row.window_start.getTime();
  return {
    count: row.count,
    retryAfter: Math.max(1, row.retry_after),
    windowStart: row.window_start,
    previous: replaced ? { windowStart: row.previous_start as Date, count: row.previous_count as number } : null,
  };
};
