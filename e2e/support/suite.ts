import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { launchBrowser, newContext, signInThroughPage, type ContextOptions, type Language } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';
import { SLOW } from './ui.ts';

export type Suite = { readonly server: RunningServer; readonly browser: Browser };

/** One real server and one browser for the whole test file, started before and stopped after it. */
export const useServerAndBrowser = (
  env: Record<string, string> = {},
  before?: () => Promise<unknown>,
  after?: () => Promise<unknown>,
): Suite => {
  const suite = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    await before?.();
    suite.server = await startServer(env);
    suite.browser = await launchBrowser();
  }, 180_000);
  // A failed test says how its server was doing: whether it had ended, and its log's last lines, so
  // a server that stopped answering shows why in the CI log.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      if (!suite.server) return;
      const exited = suite.server.exited();
      const tail = suite.server.output().split('\n').slice(-40).join('\n');
      console.error(
        `\n[e2e] server ${exited === null ? 'still running' : `ended (${exited})`}; its last lines:\n${tail}\n`,
      );
    });
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await after?.();
  });
  return suite;
};

export type SignedIn = { context: BrowserContext; page: Page };

/**
 * A fresh browser context signed in through the sign-in page as `email`, once the app has left
 * the sign-in page. Close `context` at the end of the test.
 */
export const signedInAs = async (
  suite: Suite,
  email: string,
  language: Language = 'en-US',
  options: ContextOptions = {},
  password?: string,
): Promise<SignedIn> => {
  const context = await newContext(suite.browser, suite.server.baseUrl, language, options);
  const page = await context.newPage();
  await signInThroughPage(page, email, password);
  await expect.poll(() => new URL(page.url()).pathname, SLOW).not.toBe('/login');
  return { context, page };
};

/** A JSON GET from inside the page, with its cookie, as the app itself would ask. */
export const getJson = <T>(page: Page, path: string) =>
  page.evaluate((p) => fetch(p).then((r) => r.json()), path) as Promise<T>;

/** A JSON POST with the page's cookie and the app's Origin; fails the test unless it answers 2xx. */
export const postJson = async <T>(page: Page, path: string, data: unknown): Promise<T> => {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`${origin}${path}`, { data, headers: { origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
};
