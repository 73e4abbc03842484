import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export type Suite = { readonly server: RunningServer; readonly browser: Browser };

/** One real server and one browser for the whole test file, started before and stopped after it. */
export const useServerAndBrowser = (env: Record<string, string> = {}): Suite => {
  const suite = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer(env);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
};
