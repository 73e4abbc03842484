import { sql, type Queryable } from '../plugins/db/index.ts';

export type EnqueueOptions = {
  /** When to run; default now. */
  runAt?: Date;
  /** At most one queued or running job per (queue, uniqueKey): a second enqueue is a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
  /** Jobs with the same key share a limit of how many run at once across all workers (jobs/key-limits.ts). */
  concurrencyKey?: string;
};

/**
 * Queues a job. Pass the transaction of the change that causes it, so the job exists if and
 * only if that change committed. Handlers are registered in jobs/handlers.ts.
 */
export const enqueue = async (
  db: Queryable,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> => {
  await db.query(sql`insert into job (queue, payload, run_at, unique_key, max_attempts, concurrency_key)
    values (${queue}, ${JSON.stringify(payload)}, ${options.runAt ?? new Date()}, ${options.uniqueKey ?? null}, ${options.maxAttempts ?? 10}, ${options.concurrencyKey ?? null})
    on conflict (queue, unique_key) where unique_key is not null and status in ('queued', 'running') do nothing`);
};
