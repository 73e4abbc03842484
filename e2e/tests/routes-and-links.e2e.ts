import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { bodyText, SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();
const languages: Language[] = ['nl', 'en-US'];
const short = (language: Language) => language.slice(0, 2);

describe('provider pages are not a merchant’s (risk-config.md §2.2, payments.md §6)', () => {
  for (const language of languages) {
    it(`a merchant user with every merchant role opening /psp/riskrules and /psp/transactions finds no page (${language})`, async () => {
      const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
      for (const path of ['/psp/riskrules', '/psp/tagrules', '/psp/3dsecure', '/psp/transactions']) {
        await page.goto(path);
        await expect
          .poll(() => bodyText(page), SLOW)
          .toMatch(language === 'nl' ? /Pagina niet gevonden/ : /Page not found/);
        // Still at the address asked for, and none of the provider screen's list.
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.locator('.ant-table').count()).toBe(0);
      }
      await page.goto('/psp/riskrules');
      await page
        .getByRole('heading', { name: language === 'nl' ? /Pagina niet gevonden/ : /Page not found/ })
        .waitFor();
      expect(await seriousViolations(page, `merchant on /psp/riskrules ${language}`)).toEqual([]);
      await screenshot(page, `routes-merchant-psp-riskrules-${short(language)}`);
      await context.close();
    });
  }

  it('provider staff still open /psp/riskrules', async () => {
    const { context, page } = await signedInAs(suite, 'support@kassa.test', 'en-US');
    await page.goto('/psp/riskrules');
    await page.locator('.ant-card, .ant-table, .ant-empty').first().waitFor(SLOW);
    expect(await bodyText(page)).not.toMatch(/Page not found/);
    await context.close();
  });
});

describe('signing in returns to the page asked for (portal.md §4)', () => {
  for (const language of languages) {
    it(`a deep link opened signed out lands there after signing in (${language})`, async () => {
      const context = await newContext(suite.browser, suite.server.baseUrl, language);
      const page = await context.newPage();
      const deepLink = '/refunds?status[]=PROCESSED';
      await page.goto(deepLink);
      await page.waitForURL((url) => url.pathname === '/login', SLOW);
      await page.getByLabel(/^(E-mailadres|E-mail address)$/).fill('merchant@kassa.test');
      await page.getByLabel(/^(Wachtwoord|Password)$/).fill('Kassa-demo-2026!');
      await page.getByRole('button', { name: /^(Inloggen|Sign in)$/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), SLOW);
      await page.getByRole('heading', { name: language === 'nl' ? /^Terugbetalingen$/ : /^Refunds$/ }).waitFor(SLOW);
      // A later navigation (to /) would show by now: the test sees where the user stays.
      await page.waitForTimeout(1000);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/refunds');
      expect(url.searchParams.getAll('status[]')).toEqual(['PROCESSED']);
      await screenshot(page, `routes-deep-link-after-sign-in-${short(language)}`);
      await context.close();
    });
  }

  it('never follows a saved address outside the app', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl, 'en-US');
    const page = await context.newPage();
    await page.goto('/login');
    for (const url of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
      await page.evaluate((u) => localStorage.setItem('kassa.redirect', JSON.stringify({ url: u, userId: null })), url);
      await signInThroughPage(page, 'merchant@kassa.test');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), SLOW);
      expect(new URL(page.url()).origin).toBe(suite.server.baseUrl.replace(/\/$/, ''));
      expect(new URL(page.url()).pathname).toBe('/');
      await page.evaluate(() => fetch('/v1/auth/logout', { method: 'POST' }));
      await context.clearCookies();
    }
    await context.close();
  });
});
