import { apiRequest } from './api-client.ts';

const ACTIVE_KEY = 'kassa.lastActive';
const TOUCH_KEY = 'kassa.lastServerTouch';
/** portal.md §9: activity recorded at most every 2 s, idleness checked every 2 s. */
const CHECK_MS = 2_000;
const EVENTS = ['mousemove', 'click', 'scroll', 'keypress'] as const;

const touchServer = () => apiRequest('GET', 'auth/me').then(() => undefined);

/**
 * Watches activity (shared across tabs through localStorage) and calls `onIdle` once the user has
 * been idle longer than `limitMs`, the server's own idle limit (`GET /v1/app-config`). The server
 * only sees requests, so someone reading or typing a long form would lose the session on the
 * server while active here: activity newer than the last server touch is passed on with a cheap
 * request at most every third of the limit. A 401 on it ends the session like any other request.
 * Returns a stop function.
 */
export const watchInactivity = (limitMs: number, onIdle: () => void): (() => void) => {
  let lastWrite = 0;
  const record = () => {
    const now = Date.now();
    if (now - lastWrite < CHECK_MS) return;
    lastWrite = now;
    localStorage.setItem(ACTIVE_KEY, String(now));
  };
  record();
  EVENTS.forEach((name) => window.addEventListener(name, record, { passive: true }));
  const timer = window.setInterval(() => {
    const now = Date.now();
    const lastActive = Number(localStorage.getItem(ACTIVE_KEY) ?? now);
    if (now - lastActive > limitMs) {
      onIdle();
      return;
    }
    const touched = Number(localStorage.getItem(TOUCH_KEY) ?? 0);
    if (lastActive > touched && now - touched >= Math.max(CHECK_MS, limitMs / 3)) {
      localStorage.setItem(TOUCH_KEY, String(now));
      touchServer().catch(() => undefined);
    }
  }, CHECK_MS);
  return () => {
    window.clearInterval(timer);
    EVENTS.forEach((name) => window.removeEventListener(name, record));
  };
};
