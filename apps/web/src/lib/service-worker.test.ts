import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleServiceWorker, SERVICE_WORKER_URL, STABLE_AFTER_MS } from './service-worker.ts';

// A node test: just enough of `window` and `navigator` for the registration schedule.
const register = vi.fn(() => Promise.resolve({}));
beforeEach(() => {
  vi.useFakeTimers();
  register.mockClear();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('navigator', { serviceWorker: { register } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('service worker registration (portal.md §9)', () => {
  it('registers once the app has been stable for 30 s, and not before', () => {
    scheduleServiceWorker(false);
    vi.advanceTimersByTime(STABLE_AFTER_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('never registers in development, nor after the app went away', () => {
    scheduleServiceWorker(true);
    const cancel = scheduleServiceWorker(false);
    cancel();
    vi.advanceTimersByTime(10 * STABLE_AFTER_MS);
    expect(register).not.toHaveBeenCalled();
  });

  it('says so when the browser has no service workers', () => {
    vi.stubGlobal('navigator', {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    scheduleServiceWorker(false);
    expect(info).toHaveBeenCalledWith('Service workers are disabled or not supported by this browser.');
  });
});
