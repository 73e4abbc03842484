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

  it('after a sign-out by the server, signing in again returns to the page the user was on (nl)', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', 'nl');
    await page.goto('/customers?status[]=VERIFIED');
    await page.getByRole('heading', { name: 'Klanten', exact: true }).waitFor(SLOW);
    // The session ends on the server (another tab signed out); the next request of this page finds out.
    await page.request.post('/v1/auth/logout', { headers: { origin: suite.server.baseUrl } });
    await page.getByRole('button', { name: 'Verversen' }).first().click();
    await page.waitForURL((url) => url.pathname === '/logout', SLOW);
    await page.getByRole('button', { name: /Opnieuw inloggen/ }).click();
    await page.waitForURL((url) => url.pathname === '/login', SLOW);
    await page.getByLabel('E-mailadres').fill('merchant@kassa.test');
    await page.getByLabel('Wachtwoord').fill('Kassa-demo-2026!');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByRole('heading', { name: 'Klanten', exact: true }).waitFor(SLOW);
    await page.waitForTimeout(1000);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/customers');
    expect(url.searchParams.getAll('status[]')).toEqual(['VERIFIED']);
    await screenshot(page, 'routes-back-after-sign-out-nl');
    await context.close();
  });

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

describe("a merchant's finance and pricing in its context (payments.md §2)", () => {
  const pages = {
    nl: [
      ['pricing/revenue', "Omzetschema's"],
      ['pricing/cost', "Kostenschema's"],
      ['pricing/reserve', "Reserveschema's"],
      ['pricing/partner', "Partnerschema's"],
      ['finance/packages', 'Pakketten'],
      ['finance/settlement-schedules', "Uitbetalingsschema's"],
      ['finance/settings/bank-accounts', 'Bankrekeningen'],
    ],
    'en-US': [
      ['pricing/revenue', 'Revenue schemes'],
      ['pricing/cost', 'Cost schemes'],
      ['pricing/reserve', 'Reserve schemes'],
      ['pricing/partner', 'Partner schemes'],
      ['finance/packages', 'Packages'],
      ['finance/settlement-schedules', 'Settlement schedules'],
      ['finance/settings/bank-accounts', 'Bank accounts'],
    ],
  } as const;

  for (const language of languages) {
    it(`provider staff open them for a collecting merchant, and are not offered them for one without (${language})`, async () => {
      const { context, page } = await signedInAs(suite, 'support@kassa.test', language);
      const merchants = (await page.evaluate(() =>
        fetch('/v1/organisation?type=merchant&_sort=name&_limit=100').then((r) => r.json()),
      )) as { id: string; name: string }[];
      const zuiderzee = merchants.find((m) => m.name.startsWith('Zuiderzee'))!;
      const noordlicht = merchants.find((m) => m.name.startsWith('Noordlicht'))!;
      for (const [path, title] of pages[language]) {
        await page.goto(`/psp/merchants/${zuiderzee.id}/${path}`);
        await page.getByRole('heading', { name: title, exact: true }).first().waitFor(SLOW);
        expect(await bodyText(page), path).not.toMatch(/Pagina niet gevonden|Page not found/);
        expect(new URL(page.url()).pathname).toContain(`/psp/merchants/${zuiderzee.id}/${path}`);
        if (path === 'finance/packages') {
          await page.locator('.ant-table-row').first().waitFor(SLOW);
          expect(await seriousViolations(page, `merchant context packages ${language}`)).toEqual([]);
          await screenshot(page, `routes-merchant-context-packages-${short(language)}`);
        }
      }
      // The menu of the merchant context offers them (pricing under finance).
      await page.goto(`/psp/merchants/${zuiderzee.id}/finance/packages`);
      const menu = page.locator('nav .ant-menu-root');
      await menu.waitFor();
      const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      for (const path of ['pricing/revenue', 'finance/packages', 'finance/settlement-schedules'])
        expect(hrefs).toContain(`/psp/merchants/${zuiderzee.id}/${path}`);
      // Noordlicht Mode does not collect through Kassa: no finance in its menu, its pages not opened.
      await page.goto(`/psp/merchants/${noordlicht.id}/transactions`);
      await page.locator('.ant-table-row').first().waitFor(SLOW);
      const noordlichtHrefs = await page
        .locator('nav .ant-menu-root a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(noordlichtHrefs.filter((href) => /\/(pricing|finance)\//.test(href))).toEqual([]);
      await page.goto(`/psp/merchants/${noordlicht.id}/finance/packages`);
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/');
      await context.close();
    });
  }
});
