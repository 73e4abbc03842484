import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, signInThroughPage } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('signing in through the page', () => {
  it('shows who is signed in after signing in', async () => {
    const context = await newContext(browser, server.baseUrl, 'nl');
    const page = await context.newPage();
    await signInThroughPage(page, 'merchant@kassa.test');
    await expect.poll(() => page.url()).not.toContain('/login');
    await expect.poll(async () => (await page.textContent('body')) ?? '').toContain('merchant@kassa.test');
    await screenshot(page, 'signed-in-nl');
    await context.close();
  });

  it('shows the translated error for a wrong password and stays on the sign-in page', async () => {
    const context = await newContext(browser, server.baseUrl, 'en-US');
    const page = await context.newPage();
    await signInThroughPage(page, 'merchant@kassa.test', 'not-the-password');
    await expect.poll(async () => (await page.textContent('body')) ?? '').toMatch(/password is not correct|wachtwoord is niet juist/i);
    expect(page.url()).toContain('/login');
    await context.close();
  });
});
