import { sql, type Db, type Queryable } from '../plugins/db/index.ts';
import type { JobRow } from './handlers.ts';
import { claimKeyedJobs } from './key-limit.repository.ts';
import { keyLimitsFrom, type KeyLimits } from './key-limits.ts';

/** The limits of the default settings, for callers that claim without a configuration (tests, tools). */
const DEFAULT_KEY_LIMITS = keyLimitsFrom({ webhookTimeoutMs: 10_000, webhookEndpointConcurrency: 16 });

/**
 * Claims the next due job atomically: a queued job whose time has come, or a running job whose
 * lease ran out (its worker crashed or hung). `for update skip locked` lets any number of
 * workers on PostgreSQL claim side by side without ever taking the same row.
 */
export const claimJob = async (
  db: Db,
  workerId: string,
  leaseSeconds: number,
  queues: string[],
  limits?: KeyLimits,
): Promise<JobRow | null> => (await claimJobs(db, workerId, leaseSeconds, queues, 1, 1, limits))[0] ?? null;

/**
 * Claims up to `limit` due jobs (a worker with free slots fills them at once instead of one round
 * trip per job): plain jobs first, then at most `keyedLimit` jobs that name a concurrency key, each
 * key within its limit. Plain jobs (reports, checkout expiry, the settlement lifecycle, mail) thus
 * never wait behind deliveries to outside receivers, however many are queued.
 */
export const claimJobs = async (
  db: Db,
  workerId: string,
  leaseSeconds: number,
  queues: string[],
  limit: number,
  keyedLimit = limit,
  limits: KeyLimits = DEFAULT_KEY_LIMITS,
): Promise<JobRow[]> => {
  if (queues.length === 0 || limit < 1) return [];
  const plain = await db.query<JobRow>(sql`
    update job set status = 'running', attempts = job.attempts + 1, locked_by = ${workerId},
      locked_until = now() + make_interval(secs => ${leaseSeconds}), claimed_at = now()
    from (
      select id from job
      where concurrency_key is null and queue = any(${queues})
        and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
      order by run_at
      for update skip locked
      limit ${limit}) picked
    where job.id = picked.id
    returning job.*`);
  const room = Math.min(keyedLimit, limit - plain.length);
  if (room < 1) return plain;
  return [...plain, ...(await claimKeyedJobs(db, workerId, leaseSeconds, queues, room, limits))];
};

/** Keeps the lease of a long job alive; false when another worker has taken it over. */
export const extendLease = async (db: Queryable, job: JobRow, leaseSeconds: number): Promise<boolean> => {
  const rows = await db.query(sql`update job set locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id = ${job.id} and locked_by = ${job.locked_by} and status = 'running' returning id`);
  return rows.length > 0;
};

/** Marks a job done; only the worker still holding the lease may. */
export const completeJob = async (db: Queryable, job: JobRow): Promise<boolean> => {
  const rows =
    await db.query(sql`update job set status = 'done', finished_at = now(), locked_by = null, locked_until = null, last_error = null
    where id = ${job.id} and locked_by = ${job.locked_by} and status = 'running' returning id`);
  return rows.length > 0;
};

/**
 * Records a failure: back to queued after `delaySeconds`, or failed for good when `final`
 * (attempts used up, or an error retrying cannot fix).
 */
export const failJob = async (
  db: Queryable,
  job: JobRow,
  error: string,
  delaySeconds: number,
  final: boolean,
): Promise<JobRow['status'] | null> => {
  const [row] = await db.query<{ status: JobRow['status'] }>(sql`
    update job set
      status = ${final ? 'failed' : 'queued'},
      run_at = case when ${final} then run_at else now() + make_interval(secs => ${delaySeconds}) end,
      finished_at = case when ${final} then now() else null end,
      last_error = ${error.slice(0, 4000)}, locked_by = null, locked_until = null
    where id = ${job.id} and locked_by = ${job.locked_by} and status = 'running'
    returning status`);
  return row?.status ?? null;
};

/** Deletes finished jobs older than the given ages, so the table does not grow without end. */
export const pruneJobs = async (db: Queryable, doneDays: number, failedDays: number): Promise<number> => {
  const rows = await db.query(sql`delete from job
    where (status = 'done' and finished_at < now() - make_interval(days => ${doneDays}))
       or (status = 'failed' and finished_at < now() - make_interval(days => ${failedDays}))
    returning id`);
  return rows.length;
};

/**
 * Hands this worker's running jobs back at shutdown: queued and due now, the interrupted attempt
 * not counted, so another worker takes them at once instead of after the lease.
 */
export const releaseJobs = async (db: Queryable, workerId: string): Promise<{ id: number; queue: string }[]> =>
  db.query<{
    id: number;
    queue: string;
  }>(sql`update job set status = 'queued', run_at = now(), attempts = greatest(attempts - 1, 0),
      locked_by = null, locked_until = null
    where locked_by = ${workerId} and status = 'running' returning id, queue`);
