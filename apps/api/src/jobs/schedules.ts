import { sql, type Db } from '../plugins/db/index.ts';
import { enqueue } from './queue.ts';

export type PeriodicSchedule = { name: string; queue: string; everySeconds: number; payload: Record<string, unknown> };

const schedules = new Map<string, PeriodicSchedule>();

/**
 * Declares a job that runs every `everySeconds` (settlement checks, due report schedules, billing
 * runs). Time is cut into slots of that length on the database clock; for each slot exactly one
 * job is enqueued, however many workers tick. The first slot runs at the first tick after start.
 * Per-row schedules (a user's report at 06:00) are not this: enqueue those with `runAt`.
 */
export const schedulePeriodic = (
  queue: string,
  everySeconds: number,
  options: { name?: string; payload?: Record<string, unknown> } = {},
): void => {
  if (!Number.isInteger(everySeconds) || everySeconds < 1)
    throw new Error(`schedulePeriodic(${queue}): everySeconds must be a positive integer`);
  const name = options.name ?? queue;
  schedules.set(name, { name, queue, everySeconds, payload: options.payload ?? {} });
};

export const periodicSchedules = (): PeriodicSchedule[] => [...schedules.values()];

/** Enqueues the jobs of every schedule whose current slot has not been enqueued yet. */
export const tickSchedules = async (db: Db, list: PeriodicSchedule[] = periodicSchedules()): Promise<number> => {
  let enqueued = 0;
  for (const schedule of list) {
    const every = schedule.everySeconds;
    const won = await db.transaction(async (tx) => {
      await tx.query(
        sql`insert into job_schedule (name, last_slot) values (${schedule.name}, -1) on conflict (name) do nothing`,
      );
      // The conditional update is the election: of several workers in the same slot one row-lock
      // holder advances last_slot, the others see the new value and update nothing.
      const [row] = await tx.query<{ last_slot: number }>(sql`update job_schedule
        set last_slot = floor(extract(epoch from now()) / ${every})::bigint, updated_at = now()
        where name = ${schedule.name} and last_slot < floor(extract(epoch from now()) / ${every})::bigint
        returning last_slot`);
      if (!row) return false;
      await enqueue(tx, schedule.queue, schedule.payload, {
        uniqueKey: `${schedule.name}:${row.last_slot}`,
        maxAttempts: 3,
      });
      return true;
    });
    if (won) enqueued++;
  }
  return enqueued;
};
