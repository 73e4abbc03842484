import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signInThroughPage } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const suite = useServerAndBrowser();

describe('signing in through the page', () => {
  it('shows who is signed in after signing in', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl, 'nl');
    const page = await context.newPage();
    await signInThroughPage(page, 'merchant@kassa.test');
    await expect.poll(() => page.url()).not.toContain('/login');
    await expect.poll(async () => (await page.textContent('body')) ?? '').toContain('merchant@kassa.test');
    await screenshot(page, 'signed-in-nl');
    await context.close();
  });

  it('shows the translated error for a wrong password and stays on the sign-in page', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl, 'en-US');
    const page = await context.newPage();
    await signInThroughPage(page, 'merchant@kassa.test', 'not-the-password');
    await expect.poll(async () => (await page.textContent('body')) ?? '').toMatch(/password is not correct|wachtwoord is niet juist/i);
    expect(page.url()).toContain('/login');
    await context.close();
  });
});
