/**
 * When a failed webhook is tried again (SECURITY.md: exponential backoff with jitter for about
 * three days). The delay after attempt n is 30 s · 3^(n-1), at most 12 hours, ±10 % jitter:
 * 30 s, 1.5 min, 4.5 min, 13.5 min, 40 min, 2 h, 6 h, then 12 h five times — 13 attempts over
 * about 2.9 days, after which the webhook is failed.
 */
export const MAX_WEBHOOK_ATTEMPTS = 13;
const BASE_SECONDS = 30;
const MAX_DELAY_SECONDS = 12 * 3600;

/** Seconds to wait after the given failed attempt (1-based); null when no attempt is left. */
export const retryDelaySeconds = (attempt: number, random: () => number = Math.random, scale = 1): number | null => {
  if (attempt >= MAX_WEBHOOK_ATTEMPTS) return null;
  const delay = Math.min(MAX_DELAY_SECONDS, BASE_SECONDS * 3 ** (attempt - 1));
  return delay * (0.9 + random() * 0.2) * scale;
};
