import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { jobAttempts, jobFailures, jobReleases } from '../lib/metrics.ts';
import { jobSpan } from '../lib/tracing.ts';
import type { Db } from '../plugins/db/index.ts';
import { handlerFor, PermanentJobError, registeredQueues, silentJobLog, type JobLog, type JobRow } from './handlers.ts';
import { claimJob, claimJobs, completeJob, extendLease, failJob, releaseJobs } from './job.repository.ts';
import { keyedShare, keyLimitsFrom, type KeyLimits } from './key-limits.ts';
import { tickSchedules } from './schedules.ts';

export type RunnerOptions = {
  /** Jobs run side by side in this process. */
  concurrency?: number;
  /** How long a claim holds before another worker may take the job over; renewed while it runs. */
  leaseSeconds?: number;
  /** Pause between polls when nothing was due. */
  idleMs?: number;
  /** First retry delay; doubles with each attempt up to `maxBackoffSeconds`, plus up to 20 % jitter. */
  backoffBaseSeconds?: number;
  maxBackoffSeconds?: number;
  /** Restrict to these queues (default: every queue with a registered handler). */
  queues?: string[];
  /** Per-key limits of keyed jobs (webhook deliveries); default from the configuration. */
  keyLimits?: KeyLimits;
  log?: JobLog;
  workerId?: string;
};

export type Runner = {
  readonly workerId: string;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
  /** Runs due jobs until none is left (tests, CLI). */
  drain(): Promise<number>;
  /** Polls until `stop()`. */
  start(): void;
  /**
   * Stops polling and waits for the jobs in flight; with a deadline, jobs still running then are
   * handed back (queued, due now) so another worker takes them at once.
   */
  stop(deadlineMs?: number): Promise<void>;
};

/** Retry delay after the given attempt (1-based): exponential with jitter, so retries spread out. */
export const backoffSeconds = (attempt: number, base: number, max: number): number => {
  const delay = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return delay + Math.random() * delay * 0.2;
};

const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export const createRunner = (db: Db, config: Config, options: RunnerOptions = {}): Runner => {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const leaseSeconds = options.leaseSeconds ?? 60;
  const idleMs = options.idleMs ?? 500;
  const base = options.backoffBaseSeconds ?? 5;
  const maxBackoff = options.maxBackoffSeconds ?? 3600;
  const log = options.log ?? silentJobLog;
  const queues = () => options.queues ?? registeredQueues();
  const keyLimits = options.keyLimits ?? keyLimitsFrom(config);
  // Keyed jobs (deliveries to outside receivers) leave part of the slots to everything else.
  const keyedSlots = keyedShare(concurrency);

  const execute = async (job: JobRow): Promise<void> => {
    const handler = handlerFor(job.queue);
    // A job reclaimed after its last attempt's worker died would crash-loop: fail it instead.
    if (!handler || job.attempts > job.max_attempts) {
      const reason = handler
        ? 'lease expired on the last attempt (worker crashed or hung)'
        : `no handler for queue ${job.queue}`;
      await failJob(db, job, reason, 0, true);
      log.error('job failed', { id: job.id, queue: job.queue, reason });
      return;
    }
    jobAttempts.inc({ queue: job.queue });
    const heartbeat = setInterval(
      () => {
        extendLease(db, job, leaseSeconds)
          .then((held) => held || log.warn('job lease lost; another worker may run it again', { id: job.id }))
          .catch(() => {});
      },
      (leaseSeconds * 1000) / 3,
    );
    try {
      await jobSpan(job, () => handler(job.payload, { db, config, job, log }));
      clearInterval(heartbeat);
      if (!(await completeJob(db, job))) log.warn('job finished after its lease was taken over', { id: job.id });
    } catch (error) {
      clearInterval(heartbeat);
      const final = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      jobFailures.inc({ queue: job.queue, final: String(final) });
      const status = await failJob(
        db,
        job,
        describeError(error),
        backoffSeconds(job.attempts, base, maxBackoff),
        final,
      );
      log[final ? 'error' : 'warn'](`job ${final ? 'failed' : 'will be retried'}`, {
        id: job.id,
        queue: job.queue,
        attempt: job.attempts,
        error: describeError(error),
        status,
      });
    }
  };

  const runOnce = async (): Promise<boolean> => {
    const job = await claimJob(db, workerId, leaseSeconds, queues(), keyLimits);
    if (!job) return false;
    await execute(job);
    return true;
  };

  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const active = new Set<Promise<void>>();
  const activeKeyed = new Set<Promise<void>>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const poll = async () => {
    let lastTick = 0;
    let failures = 0;
    while (!stopping) {
      try {
        if (Date.now() - lastTick >= 1000) {
          lastTick = Date.now();
          await tickSchedules(db);
        }
        if (active.size >= concurrency) {
          await Promise.race(active);
          continue;
        }
        // Every free slot in one claim: one round trip per batch, not per job.
        const jobs = await claimJobs(
          db,
          workerId,
          leaseSeconds,
          queues(),
          concurrency - active.size,
          keyedSlots - activeKeyed.size,
          keyLimits,
        );
        failures = 0;
        if (jobs.length === 0) {
          await sleep(idleMs);
          continue;
        }
        for (const job of jobs) {
          const running: Promise<void> = execute(job)
            .catch((error: unknown) => log.error('job bookkeeping failed', { id: job.id, error: describeError(error) }))
            .finally(() => {
              active.delete(running);
              // A keyed job's end frees room under its key's limit (which may be why the last claim
              // came back short): look again now instead of after the idle pause.
              if (activeKeyed.delete(running)) wake?.();
            });
          active.add(running);
          if (job.concurrency_key !== null) activeKeyed.add(running);
        }
      } catch (error) {
        // The database is away: keep the process up and try again, slower each time.
        failures++;
        log.error('worker poll failed', { error: describeError(error) });
        await sleep(Math.min(30_000, idleMs * 2 ** failures));
      }
    }
  };

  return {
    workerId,
    runOnce,
    async drain() {
      let count = 0;
      while (await runOnce()) count++;
      return count;
    },
    start() {
      if (loop) return;
      stopping = false;
      loop = poll();
    },
    async stop(deadlineMs?: number) {
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const deadline =
        deadlineMs === undefined
          ? new Promise<never>(() => {})
          : new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
      const finished = await Promise.race([
        (async () => {
          await loop;
          await Promise.all(active);
          return 'done' as const;
        })(),
        deadline,
      ]);
      clearTimeout(timer);
      loop = undefined;
      if (finished === 'late') {
        // The handlers still running lose their lease here: their completeJob/failJob become no-ops.
        const released = await releaseJobs(db, workerId);
        for (const job of released) jobReleases.inc({ queue: job.queue });
        if (released.length > 0) log.warn('jobs handed back at shutdown', { ids: released.map((job) => job.id) });
      }
    },
  };
};
