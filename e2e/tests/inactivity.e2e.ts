import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';
import { bodyText, SLOW } from '../support/ui.ts';

// A 6-second idle limit stands in for the 30 minutes of production: the browser takes it from
// GET /v1/app-config, so server and browser end an idle session together.
const suite = useServerAndBrowser({ SESSION_IDLE_SECONDS: '6' });

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, SLOW);
const signedIn = async (language: Language) => {
  const page = await (await newContext(suite.browser, suite.server.baseUrl, language)).newPage();
  await signInThroughPage(page, 'merchant@kassa.test');
  await eventually(() => bodyText(page)).toContain('merchant@kassa.test');
  return page;
};

describe('inactivity sign-out', () => {
  it('signs an idle user out to /logout with the message naming the configured limit', async () => {
    const page = await signedIn('en-US');
    // Signed out once idle for 6 s (on a busy machine perhaps a little later).
    await expect.poll(() => page.url(), { timeout: 30_000, interval: 250 }).toMatch(/\/logout$/);
    await eventually(() => bodyText(page)).toContain(
      'We noticed no activity for more than 6 seconds. You have been automatically logged out.',
    );
    await screenshot(page, 'logout-inactivity-en');
    await page.getByRole('button', { name: 'Log in again' }).click();
    await eventually(() => page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('shows the Dutch message and button after an idle sign-out', async () => {
    const page = await signedIn('nl');
    await eventually(() => page.url()).toMatch(/\/logout$/);
    await eventually(() => bodyText(page)).toContain(
      'We hebben meer dan 6 seconden geen activiteit gezien. Je bent automatisch uitgelogd.',
    );
    await page.getByRole('button', { name: 'Opnieuw inloggen' }).waitFor();
    await screenshot(page, 'logout-inactivity-nl');
    await page.context().close();
  });

  it('keeps a user who moves the mouse signed in, on the server as well as in the browser', async () => {
    const page = await signedIn('en-US');
    const start = page.url();
    for (let second = 0; second < 10; second += 1) {
      await page.mouse.move(200 + (second % 2) * 100, 300);
      await page.waitForTimeout(1_000);
    }
    expect(page.url()).toBe(start);
    // The session is still alive on the server: the page's own cookie reaches a signed-in endpoint.
    const me = await page.request.get('/v1/auth/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('merchant@kassa.test');
    await page.context().close();
  });

  it('lands on /logout at the next request after the session was ended on the server', async () => {
    const page = await signedIn('en-US');
    // Another tab signs out: the same cookie, ended on the server.
    const logout = await page.request.post('/v1/auth/logout', { headers: { origin: suite.server.baseUrl } });
    expect(logout.status()).toBeLessThan(300);
    // The user stays active, so only the server's 401 on the next request (here: the activity
    // touch) can explain landing on /logout, well before the 6-second idle limit.
    const ended = Date.now();
    for (let step = 0; step < 10 && !page.url().endsWith('/logout'); step += 1) {
      await page.mouse.move(300 + (step % 2) * 50, 300);
      await page.waitForTimeout(500);
    }
    expect(page.url()).toMatch(/\/logout$/);
    expect(Date.now() - ended).toBeLessThan(5_500);
    await eventually(() => bodyText(page)).toContain('You have been automatically logged out.');
    await page.context().close();
  });
});
