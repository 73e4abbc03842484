/** The service worker that shows push notifications (apps/web/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';
/** portal.md §9: the service worker registers when the app is stable after 30 s, not in development. */
export const STABLE_AFTER_MS = 30_000;

export const isPushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** The registration, made now when there is none yet (a person turning push on does not wait 30 s). */
export const serviceWorkerRegistration = async (): Promise<ServiceWorkerRegistration> =>
  (await navigator.serviceWorker.getRegistration('/')) ??
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });

/**
 * Registers the service worker 30 s after start, outside development; a registration failure is
 * only logged (portal.md §8). Returns a cancel for the timer.
 */
export const scheduleServiceWorker = (development: boolean): (() => void) => {
  if (development) return () => {};
  if (!('serviceWorker' in navigator)) {
    console.info('Service workers are disabled or not supported by this browser.');
    return () => {};
  }
  const timer = window.setTimeout(() => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  }, STABLE_AFTER_MS);
  return () => window.clearTimeout(timer);
};
