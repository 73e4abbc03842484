import { deferKeyedJobs, recordKeyOutcome, type KeyOutcome } from '../../jobs/key-limit.repository.ts';
import type { KeyLimits } from '../../jobs/key-limits.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { deferWebhooks } from './endpoint-pace.repository.ts';
import type { SendResult } from './sender.ts';

/**
 * The concurrency key of deliveries to a URL: its origin (scheme, host, port). Slowness belongs to
 * the server, and a tenant may vary the path freely, so every URL of one server shares the limit.
 */
export const endpointKey = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return url;
  }
};

/**
 * What an attempt says about the receiver's pace: it kept the worker until the time limit, it
 * answered slowly, or promptly. A connection refused at once says nothing (it holds no slot).
 */
export const paceOf = (result: SendResult, limits: KeyLimits): KeyOutcome | null =>
  result.timedOut
    ? 'timeout'
    : result.statusCode === null
      ? null
      : result.durationMs >= limits.slowAfterMs
        ? 'slow'
        : 'answered';

/**
 * Records the receiver's pace for the per-endpoint limit (jobs/key-limits.ts), in the transaction
 * that stores the attempt. A timeout that pauses the endpoint defers its queued deliveries to the
 * pause's end (their webhooks show it as the next attempt). A prompt answer writes only while the
 * endpoint is not settled (`settled`, read by the claim: full limit, nothing on record), so a
 * healthy endpoint's deliveries cost no statement here once it has earned its limit.
 */
export const trackEndpointPace = async (
  tx: Queryable,
  url: string,
  result: SendResult,
  limits: KeyLimits,
  settled: boolean,
): Promise<void> => {
  const pace = paceOf(result, limits);
  if (pace === null || (pace === 'answered' && settled)) return;
  const key = endpointKey(url);
  const pausedUntil = await recordKeyOutcome(tx, key, pace, limits);
  if (!pausedUntil) return;
  const moved = await deferKeyedJobs(tx, key, pausedUntil);
  const ids = moved.flatMap((job) => (job.payload.webhook_id ? [String(job.payload.webhook_id)] : []));
  if (ids.length > 0) await deferWebhooks(tx, ids, pausedUntil);
};
