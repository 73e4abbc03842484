import { isDevelopment } from './authorisation.ts';

const KEY = 'kassa.lastActive';
/** portal.md §9: 30 minutes idle (10 hours in development), checked every 2 s. */
export const IDLE_LIMIT_MS = (isDevelopment ? 10 * 60 : 30) * 60_000;
const CHECK_MS = 2_000;
const EVENTS = ['mousemove', 'click', 'scroll', 'keypress'] as const;

/**
 * Watches activity (recorded at most every 2 s, shared across tabs through localStorage) and
 * calls `onIdle` once the user has been idle longer than the limit. Returns a stop function.
 */
export const watchInactivity = (onIdle: () => void): (() => void) => {
  let lastWrite = 0;
  const record = () => {
    const now = Date.now();
    if (now - lastWrite < CHECK_MS) return;
    lastWrite = now;
    localStorage.setItem(KEY, String(now));
  };
  record();
  EVENTS.forEach((name) => window.addEventListener(name, record, { passive: true }));
  const timer = window.setInterval(() => {
    const last = Number(localStorage.getItem(KEY) ?? Date.now());
    if (Date.now() - last > IDLE_LIMIT_MS) onIdle();
  }, CHECK_MS);
  return () => {
    window.clearInterval(timer);
    EVENTS.forEach((name) => window.removeEventListener(name, record));
  };
};
