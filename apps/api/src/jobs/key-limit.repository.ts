import { sql, type Db, type Queryable } from '../plugins/db/index.ts';
import type { JobRow } from './handlers.ts';
import { PAUSE_AFTER_TIMEOUTS, type KeyLimits } from './key-limits.ts';

/** Arbitrary constant: the advisory lock held by whoever claims keyed jobs. */
const KEYED_CLAIM_LOCK = 730_008;

/**
 * Claims up to `limit` due jobs that name a concurrency key, never more of one key than its limit
 * allows (running jobs of every worker counted): a paused key none, a key probing after a pause
 * one, a slow or timing-out key `limits.slow`, and a key that answers promptly what it has earned
 * (from `limits.slow` up to `limits.perKey`, doubling with prompt answers), so a receiver never
 * seen before cannot fill every slot before its first answer is in. Among keys with room, the key
 * with the fewest running goes first (then the oldest job): each endpoint gets its share.
 * Counting and claiming is a read then a write, so two workers doing it at once would both see
 * room for the same slot; one claimer of keyed jobs at a time (an advisory lock for the few
 * milliseconds of the claim) makes the count exact across processes. Each returned row says
 * whether its key is settled (full limit, nothing on record), so a prompt answer needs no write.
 */
export const claimKeyedJobs = async (
  db: Db,
  workerId: string,
  leaseSeconds: number,
  queues: string[],
  limit: number,
  limits: KeyLimits,
): Promise<JobRow[]> => {
  if (queues.length === 0 || limit < 1) return [];
  return db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${KEYED_CLAIM_LOCK})`);
    return tx.query<JobRow>(sql`
      with running as (
        select concurrency_key as key, count(*)::int as n, min(claimed_at) as oldest from job
        where concurrency_key is not null and status = 'running' and locked_until >= now()
        group by concurrency_key),
      due as (
        select d.id, d.run_at, coalesce(r.n, 0) + row_number() over (partition by d.concurrency_key order by d.run_at, d.id) as place,
          case
            when k.paused_until > now() then 0
            when k.failures >= ${PAUSE_AFTER_TIMEOUTS}::int then 1
            when k.failures > 0 or k.limited_until > now()
              or r.oldest < now() - make_interval(secs => ${limits.slowAfterMs / 1000}) then ${limits.slow}::int
            else least(coalesce(k.max_running, ${limits.slow}::int), ${limits.perKey}::int)
          end as allowed
        from job d
        left join running r on r.key = d.concurrency_key
        left join job_key_limit k on k.key = d.concurrency_key
        where d.concurrency_key is not null and d.queue = any(${queues})
          and ((d.status = 'queued' and d.run_at <= now()) or (d.status = 'running' and d.locked_until < now())))
      update job set status = 'running', attempts = job.attempts + 1, locked_by = ${workerId},
        locked_until = now() + make_interval(secs => ${leaseSeconds}), claimed_at = now()
      from (select id from job
        where id in (select id from due where place <= allowed order by place, run_at, id limit ${limit})
        for update skip locked) picked
      where job.id = picked.id
      returning job.*, coalesce((select k.failures = 0 and k.paused_until is null and k.max_running >= ${limits.perKey}::int
        from job_key_limit k where k.key = job.concurrency_key), false) as key_settled`);
  });
};

export type KeyOutcome = 'timeout' | 'slow' | 'answered';

/**
 * Records how an attempt on a key went. A prompt answer ends failures and pauses and doubles the
 * key's limit up to `limits.perKey`. A slow answer limits the key for a while and starts its
 * limit low again. A timeout does that and counts one more consecutive failure; from the
 * PAUSE_AFTER_TIMEOUTS-th on it pauses a key that is not paused yet, each pause in a row twice as
 * long as the last up to the cap (timeouts of attempts already running when the pause began do
 * not lengthen it: one burst is one observation). Answers the time the key is paused until.
 */
export const recordKeyOutcome = async (
  db: Queryable,
  key: string,
  outcome: KeyOutcome,
  limits: KeyLimits,
): Promise<Date | null> => {
  const limitedSeconds = limits.limitedMs / 1000;
  if (outcome === 'answered') {
    await db.query(sql`insert into job_key_limit as k (key, max_running) values (${key}, ${2 * limits.slow}::int)
      on conflict (key) do update set failures = 0, pauses = 0, paused_until = null, updated_at = now(),
        max_running = least(${limits.perKey}::int, 2 * greatest(coalesce(k.max_running, 0), ${limits.slow}::int))`);
    return null;
  }
  if (outcome === 'slow') {
    await db.query(sql`insert into job_key_limit (key, failures, limited_until)
      values (${key}, 0, now() + make_interval(secs => ${limitedSeconds}))
      on conflict (key) do update set failures = 0, pauses = 0, paused_until = null, max_running = null,
        limited_until = excluded.limited_until, updated_at = now()`);
    return null;
  }
  const [row] = await db.query<{ paused_until: Date | null; paused: boolean | null }>(sql`
    insert into job_key_limit as k (key, failures, limited_until)
    values (${key}, 1, now() + make_interval(secs => ${limitedSeconds}))
    on conflict (key) do update set failures = k.failures + 1, limited_until = excluded.limited_until,
      max_running = null, updated_at = now(),
      paused_until = case when k.failures + 1 >= ${PAUSE_AFTER_TIMEOUTS}::int and not coalesce(k.paused_until > now(), false)
        then date_trunc('milliseconds', now() + make_interval(secs => least(${limits.pauseMaxMs / 1000}::float8,
          ${limits.pauseBaseMs / 1000}::float8 * power(2, least(k.pauses, 30)))))
        else k.paused_until end,
      pauses = case when k.failures + 1 >= ${PAUSE_AFTER_TIMEOUTS}::int and not coalesce(k.paused_until > now(), false)
        then k.pauses + 1 else k.pauses end
    returning paused_until, paused_until > now() as paused`);
  // Whole milliseconds (above), so the deferred jobs' time equals it exactly once it is a Date.
  return row.paused ? row.paused_until : null;
};

/**
 * Moves the key's queued jobs that would be due before `until` to `until`: a paused key's backlog
 * leaves the due range instead of being stepped over by every claim. Attempts are not touched, so
 * no job runs more often or less often than its schedule says. Answers the moved jobs' payloads.
 */
export const deferKeyedJobs = (
  db: Queryable,
  key: string,
  until: Date,
): Promise<{ queue: string; payload: Record<string, unknown> }[]> =>
  db.query(sql`update job set run_at = ${until}
    where concurrency_key = ${key} and status = 'queued' and run_at < ${until}
    returning queue, payload`);
