import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname;
export const screenshotDir = join(root, 'e2e/screenshots');

/** System Chromium, headless, with the flags this machine's closed network needs. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

export type Language = 'nl' | 'en-US';

/** What a test may set on a context besides its language: theme, motion, time zone, window size, downloads. */
export type ContextOptions = Pick<
  BrowserContextOptions,
  'colorScheme' | 'reducedMotion' | 'timezoneId' | 'viewport' | 'acceptDownloads'
>;

/** A fresh browser context (own cookies and storage) in the given language and system colour scheme. */
export const newContext = (
  browser: Browser,
  baseUrl: string,
  language: Language = 'nl',
  options: ContextOptions = {},
): Promise<BrowserContext> =>
  browser.newContext({ baseURL: baseUrl, locale: language, viewport: { width: 1366, height: 900 }, ...options });

export const DEMO_PASSWORD = 'Kassa-demo-2026!';

/** Signs in through the sign-in page the way a person does (Dutch or English labels). */
export const signInThroughPage = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/login');
  await page.getByLabel(/^(E-mailadres|E-mail address)$/).fill(email);
  await page.getByLabel(/^(Wachtwoord|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Inloggen|Sign in)$/ }).click();
};

export const screenshot = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
};
