import type { Config } from '../config.ts';
import type { Db } from '../plugins/db/index.ts';

/** A job as stored; `attempts` already counts the run in progress. */
export type JobRow = {
  id: number;
  queue: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'done' | 'failed';
  run_at: Date;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  unique_key: string | null;
  /** Jobs of one key share a limit of how many run at once (webhook deliveries: the receiving origin). */
  concurrency_key: string | null;
  claimed_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
  /** Keyed jobs only: the key was at its full limit with nothing on record when this job was claimed. */
  key_settled?: boolean;
};

export type JobLog = {
  info: (message: string, extra?: Record<string, unknown>) => void;
  warn: (message: string, extra?: Record<string, unknown>) => void;
  error: (message: string, extra?: Record<string, unknown>) => void;
};

export type JobContext = { db: Db; config: Config; job: JobRow; log: JobLog };

/**
 * Runs one job. Delivery is at least once: a job whose worker crashed (or lost its lease) runs
 * again, so a handler must be safe to repeat — check the state it is about to change (a mail
 * already sent, a webhook attempt already recorded, a billing cycle already charged) and do the
 * money-moving part in one transaction with a unique key. Throwing retries the job with backoff;
 * throwing `PermanentJobError` fails it at once.
 */
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

/** An error that retrying cannot fix (the row it works on is gone, the input is invalid). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

const handlers = new Map<string, JobHandler>();

/** Registers the handler of a queue; registering again replaces it (tests, hot reload). */
export const registerJobHandler = (queue: string, handler: JobHandler): void => {
  handlers.set(queue, handler);
};

export const handlerFor = (queue: string): JobHandler | undefined => handlers.get(queue);

/** The queues this process can run: a worker claims only jobs it has a handler for. */
export const registeredQueues = (): string[] => [...handlers.keys()];

export const silentJobLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
