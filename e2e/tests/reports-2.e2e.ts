import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';
import { bodyText, choose, drawer, SLOW } from '../support/ui.ts';

// Issues 15 and 16: the provider's daily and monthly reports, the merchant's combined report and
// the optional SAP module page, each opened from the menu in Dutch and English, with the figures
// a person reads checked against the data through other calls than the ones the screens use.

const suite = useServerAndBrowser({ MODULES: 'sap' });
const DAY = 86_400_000;
const LANGUAGES: Language[] = ['nl', 'en-US'];
const short = (language: Language) => (language === 'nl' ? 'nl' : 'en');

const signedIn = async (language: Language, email: string) => {
  const context = await newContext(suite.browser, suite.server.baseUrl, language);
  const page = await context.newPage();
  await signInThroughPage(page, email);
  await expect.poll(() => page.url(), SLOW).not.toContain('/login');
  return { context, page };
};

const api = async <T>(page: Page, method: 'GET' | 'DELETE', path: string): Promise<T> => {
  const url = `${suite.server.baseUrl}/v1/${path}`;
  const response =
    method === 'GET'
      ? await page.request.get(url)
      : await page.request.delete(url, { headers: { origin: suite.server.baseUrl } });
  expect(response.status(), path).toBeLessThan(300);
  return (await response.json()) as T;
};

/** A shown amount or count as an integer: "€ 1.234,56" and "€1,234.56" give 123456, "1.234" gives 1234. */
const integerOf = (text: string | null) => Number((text ?? '').replace(/[−–]/g, '-').replace(/[^\d-]/g, ''));

/**
 * Opens a page from the menu by its label, as a person does, and waits until the browser is on
 * the link's page. A click during the group's opening animation, or one that a first render
 * right after sign-in swallows, leaves the page where it was (a clean-clone run once stayed on
 * `/`): a person then clicks again, and so does this.
 */
const openFromMenu = async (page: Page, label: string) => {
  await page.locator('nav .ant-menu-root').waitFor();
  const link = page
    .locator('nav .ant-menu-root a[href]')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first();
  const href = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  for (let attempt = 1; ; attempt++) {
    // Menu groups start collapsed: open the one holding the link.
    if (!(await link.isVisible()))
      await link
        .locator(
          'xpath=ancestor::li[contains(@class, "ant-menu-submenu")][1]/div[contains(@class, "ant-menu-submenu-title")]',
        )
        .click();
    await link.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    if (await link.isVisible()) await link.click();
    for (let look = 0; look < 20; look++) {
      if (new URL(page.url()).pathname.startsWith(href)) return;
      await page.waitForTimeout(250);
    }
    if (attempt === 3) throw new Error(`the menu's ${label} did not open ${href} after three clicks`);
    console.warn(`openFromMenu: ${label} did not open ${href} after click ${attempt}; clicking again`);
  }
};

/** The instants that bound whole UTC days from..to, for the statistics calls. */
const utcRange = (from: string, to: string) => `created_at%3E=${from}T00:00:00.000Z&created_at%3C=${to}T23:59:59.999Z`;
type Total = { count: number; volume: number };
const CAPTURED = 'status[]=SETTLEMENT_COMPLETED&status[]=SETTLED&status[]=PAID';

/** The report's total row of a currency, cell by cell after the label and the currency. */
const totalRow = async (page: Page, currency: string) => {
  const row = page.getByTestId(`total-${currency}`);
  await row.waitFor({ timeout: 20_000 });
  return (await row.locator('td').allTextContents()).slice(2).map(integerOf);
};

describe('provider daily and monthly reports', () => {
  for (const language of LANGUAGES) {
    it(`shows per-day and per-month totals that match the transactions and refunds (${language})`, async () => {
      const en = language === 'en-US';
      const { context, page } = await signedIn(language, 'admin@kassa.test');
      await openFromMenu(page, en ? 'Daily reports' : 'Dagrapporten');
      await expect.poll(() => page.url(), SLOW).toContain('/psp/reports/daily');
      await expect.poll(() => page.locator('h1').textContent(), SLOW).toBe(en ? 'Daily reports' : 'Dagrapporten');

      const to = new Date(Date.now() - DAY).toISOString().slice(0, 10);
      const from = new Date(Date.now() - 28 * DAY).toISOString().slice(0, 10);
      await page.goto(`/psp/reports/daily?day%3E=${from}&day%3C=${to}`);
      const [count, captured, volume, refunds] = await totalRow(page, 'EUR');
      const all = await api<Total>(page, 'GET', `transaction/aggregate/total?${utcRange(from, to)}&currency_code=EUR`);
      const paid = await api<Total>(
        page,
        'GET',
        `transaction/aggregate/total?${utcRange(from, to)}&currency_code=EUR&${CAPTURED}`,
      );
      const refunded = await api<Total>(
        page,
        'GET',
        `refund/aggregate/total?${utcRange(from, to)}&currency_code=EUR&status=PROCESSED`,
      );
      expect(count).toBeGreaterThan(0);
      expect({ count, captured, volume, refunds }).toEqual({
        count: all.count,
        captured: paid.count,
        volume: paid.volume,
        refunds: refunded.volume,
      });
      // A day opens into its merchants, which add up to it.
      const firstDay = page.locator('.ant-table-tbody tr.ant-table-row-level-0').first();
      const dayCount = integerOf(await firstDay.locator('td').nth(2).textContent());
      await firstDay.click();
      const merchants = page.locator('.ant-table-tbody tr.ant-table-row-level-1');
      await expect.poll(() => merchants.count(), SLOW).toBeGreaterThan(0);
      const merchantCounts = (
        await merchants.evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent ?? ''))
      ).map(integerOf);
      expect(merchantCounts.reduce((sum, n) => sum + n, 0)).toBe(dayCount);
      await screenshot(page, `reports-psp-daily-${short(language)}`);
      expect(await seriousViolations(page, 'psp daily report')).toEqual([]);

      await openFromMenu(page, en ? 'Monthly reports' : 'Maandrapporten');
      await expect.poll(() => page.locator('h1').textContent(), SLOW).toBe(en ? 'Monthly reports' : 'Maandrapporten');
      const month = new Date().toISOString().slice(0, 7);
      const previous = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1))
        .toISOString()
        .slice(0, 7);
      await page.goto(`/psp/reports/monthly?month%3E=${previous}&month%3C=${month}`);
      const [monthCount, , monthVolume] = await totalRow(page, 'EUR');
      const monthEnd = new Date().toISOString().slice(0, 10);
      const monthAll = await api<Total>(
        page,
        'GET',
        `transaction/aggregate/total?${utcRange(`${previous}-01`, monthEnd)}&currency_code=EUR`,
      );
      const monthPaid = await api<Total>(
        page,
        'GET',
        `transaction/aggregate/total?${utcRange(`${previous}-01`, monthEnd)}&currency_code=EUR&${CAPTURED}`,
      );
      expect({ monthCount, monthVolume }).toEqual({ monthCount: monthAll.count, monthVolume: monthPaid.volume });
      expect(await bodyText(page)).toContain(en ? 'Captured volume' : 'Geslaagd volume');
      await screenshot(page, `reports-psp-monthly-${short(language)}`);
      expect(await seriousViolations(page, 'psp monthly report')).toEqual([]);
      await context.close();
    }, 180_000);
  }
});

describe('the combined report', () => {
  for (const language of LANGUAGES) {
    it(`puts the processed figures beside the settlements of the range (${language})`, async () => {
      const en = language === 'en-US';
      const { context, page } = await signedIn(language, 'merchant@kassa.test');
      await openFromMenu(page, en ? 'Report' : 'Rapport');
      await expect
        .poll(() => page.locator('h1').textContent(), SLOW)
        .toBe(en ? 'Combined report' : 'Gecombineerd rapport');
      const to = new Date(Date.now() - DAY).toISOString().slice(0, 10);
      const from = new Date(Date.now() - 90 * DAY).toISOString().slice(0, 10);
      await page.goto(`/report?day%3E=${from}&day%3C=${to}`);
      const card = page.getByTestId('combined-EUR');
      await card.waitFor({ timeout: 20_000 });
      const item = (label: string) =>
        card
          .locator('.ant-descriptions-item')
          .filter({ has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}`) }) })
          .locator('.ant-descriptions-item-content')
          .first();
      const all = await api<Total>(page, 'GET', `transaction/aggregate/total?${utcRange(from, to)}&currency_code=EUR`);
      const paid = await api<Total>(
        page,
        'GET',
        `transaction/aggregate/total?${utcRange(from, to)}&currency_code=EUR&${CAPTURED}`,
      );
      expect(integerOf(await item(en ? 'Transactions' : 'Transacties').textContent())).toBe(all.count);
      expect(integerOf(await item(en ? 'Captured volume' : 'Geslaagd volume').textContent())).toBe(paid.volume);
      // The settled amount is the sum of the settlement report's rows whose period starts in the range.
      const settlements = await api<{ amount: number; currency_code: string }[]>(
        page,
        'GET',
        `settlement-report?period_start%3E=${from}T00:00:00.000Z&period_start%3C=${to}T23:59:59.999Z&currency_code=EUR&_limit=100`,
      );
      expect(settlements.length).toBeGreaterThan(0);
      expect(integerOf(await item(en ? 'Settled amount' : 'Afgerekend bedrag').textContent())).toBe(
        settlements.reduce((sum, s) => sum + s.amount, 0),
      );
      expect(integerOf(await item(en ? 'Settlements' : 'Afrekeningen').textContent())).toBe(settlements.length);
      await screenshot(page, `reports-combined-${short(language)}`);
      expect(await seriousViolations(page, 'combined report')).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

describe('the SAP module', () => {
  type SapRow = { id: string; status: string; business_partner: string | null; company_code: string };
  const merchants: Record<Language, string> = { nl: 'Bakkerij Van Dijk', 'en-US': 'Rheinblick Reisen GmbH' };
  for (const language of LANGUAGES) {
    it(`adds a merchant and onboards it with its business partner number (${language})`, async () => {
      const en = language === 'en-US';
      const { context, page } = await signedIn(language, 'admin@kassa.test');
      const organisations = await api<{ id: string; name: string }[]>(page, 'GET', 'organisation?_limit=200');
      const merchant = organisations.find((o) => o.name === merchants[language])!;
      // Retry-safe: a live record left by an earlier attempt is deleted first (it stays as history).
      for (const row of await api<SapRow[]>(
        page,
        'GET',
        `psp/sap?organisation=${merchant.id}&status[]=CREATED&status[]=ONBOARDED`,
      ))
        await api(page, 'DELETE', `psp/sap/${row.id}`);

      await openFromMenu(page, 'SAP');
      await expect.poll(() => page.url(), SLOW).toContain('/psp/sap');
      await expect.poll(() => page.locator('h1').textContent(), SLOW).toBe('SAP');
      await page.getByRole('button', { name: en ? 'Add merchant' : 'Merchant toevoegen' }).click();
      await choose(page, /^Merchant$/, new RegExp(merchants[language]), merchants[language].slice(0, 6));
      await drawer(page)
        .getByLabel(en ? 'Company code' : 'Bedrijfscode')
        .fill('n!');
      await drawer(page)
        .getByRole('button', { name: en ? 'Add merchant' : 'Merchant toevoegen' })
        .click();
      await expect
        .poll(() => drawer(page).textContent(), SLOW)
        .toContain(en ? 'Four letters or digits' : 'Vier letters of cijfers');
      // Lower case typed is shown in capitals at once, as SAP writes company codes.
      await drawer(page)
        .getByLabel(en ? 'Company code' : 'Bedrijfscode')
        .fill('nl01');
      expect(
        await drawer(page)
          .getByLabel(en ? 'Company code' : 'Bedrijfscode')
          .inputValue(),
      ).toBe('NL01');
      await drawer(page)
        .getByRole('button', { name: en ? 'Add merchant' : 'Merchant toevoegen' })
        .click();
      const row = page.locator('.ant-table-row').filter({ hasText: merchants[language] });
      await expect.poll(() => row.count(), SLOW).toBe(1);
      await expect.poll(() => row.textContent(), SLOW).toContain(en ? 'Created' : 'Aangemaakt');

      const number = String(Date.now()).slice(-9);
      await row.click();
      await drawer(page)
        .getByLabel(en ? 'Business partner number' : 'Zakenpartnernummer')
        .fill(number);
      await drawer(page)
        .getByRole('button', { name: en ? 'Mark onboarded' : 'Als aangesloten markeren' })
        .click();
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain(number);
      await expect
        .poll(() => drawer(page).locator('[data-status]').getAttribute('data-status'), SLOW)
        .toBe('ONBOARDED');
      await screenshot(page, `reports-sap-drawer-${short(language)}`);
      expect(await seriousViolations(page, 'sap drawer')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => row.textContent(), SLOW).toContain(number);
      const stored = await api<SapRow[]>(page, 'GET', `psp/sap?organisation=${merchant.id}&status[]=ONBOARDED`);
      expect(stored.map((r) => [r.company_code, r.business_partner])).toEqual([['NL01', number]]);
      await screenshot(page, `reports-sap-${short(language)}`);
      expect(await seriousViolations(page, 'sap')).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
