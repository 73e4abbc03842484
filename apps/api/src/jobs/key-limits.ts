import type { Config } from '../config.ts';

/**
 * How many jobs of one concurrency key may run at once, across every worker process. Webhook
 * deliveries are the keyed jobs (key: the receiving origin), so the times follow the delivery
 * timeout: a receiver is "slow" when an answer took a quarter of it.
 */
export type KeyLimits = {
  /** A key that answers promptly (WEBHOOK_ENDPOINT_CONCURRENCY). */
  perKey: number;
  /** A key that is slow or timing out. */
  slow: number;
  /** An attempt running (or answered) after this long marks its key slow. */
  slowAfterMs: number;
  /** How long one slow answer or timeout keeps the key at `slow`. */
  limitedMs: number;
  /** First pause after PAUSE_AFTER_TIMEOUTS consecutive timeouts; each pause in a row doubles, up to the cap. */
  pauseBaseMs: number;
  pauseMaxMs: number;
};

/** Consecutive timeouts after which a key is paused; once its pause ends it is probed one job at a time. */
export const PAUSE_AFTER_TIMEOUTS = 3;

/** At most 2 in flight for a receiver that keeps a worker waiting (issue 30 item 8). */
export const SLOW_KEY_CONCURRENCY = 2;

export const keyLimitsFrom = (config: Pick<Config, 'webhookTimeoutMs' | 'webhookEndpointConcurrency'>): KeyLimits => {
  const timeout = config.webhookTimeoutMs;
  return {
    perKey: Math.max(SLOW_KEY_CONCURRENCY, config.webhookEndpointConcurrency),
    slow: SLOW_KEY_CONCURRENCY,
    slowAfterMs: timeout / 4,
    // With the default 10 s: limited for a minute after each slow answer, paused 30 s after the
    // third timeout in a row, then 1, 2, 4 … minutes up to an hour.
    limitedMs: 6 * timeout,
    pauseBaseMs: 3 * timeout,
    pauseMaxMs: 360 * timeout,
  };
};

/**
 * Slots of one process that keyed jobs (deliveries to outside receivers) may fill: all but a
 * quarter (at least one), so plain jobs always find a free slot even when every receiver is slow.
 */
export const keyedShare = (concurrency: number): number =>
  concurrency <= 1 ? 1 : concurrency - Math.max(1, Math.floor(concurrency / 4));
