import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signInThroughPage } from '../support/browser.ts';
import { seriousViolations } from '../support/axe.ts';
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
    await expect
      .poll(async () => (await page.textContent('body')) ?? '')
      .toMatch(/password is not correct|wachtwoord is niet juist/i);
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('the sign-in page (a plain panel, no antd Card) in Dutch and English', async () => {
    for (const [language, title, submit] of [
      ['nl', 'Inloggen', 'Inloggen'],
      ['en-US', 'Sign in', 'Sign in'],
    ] as const) {
      const context = await newContext(suite.browser, suite.server.baseUrl, language);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: submit }).waitFor();
      await page.getByRole('heading').filter({ hasText: title }).first().waitFor();
      expect(await seriousViolations(page, `sign-in ${language}`)).toEqual([]);
      await screenshot(page, `sign-in-page-${language}`);
      await context.close();
    }
  });
});
