import { describe, expect, it } from 'vitest';
import { newAccountLike } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson as api, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();

// The profile's zone and a browser 14 hours away from it: a day of one is never a day of the other.
const PROFILE_ZONE = 'America/New_York';
const BROWSER_ZONE = 'Asia/Tokyo';

const locale = (language: string) => (language === 'nl' ? 'nl-NL' : 'en-US');
const number = (value: number, language: string, digits?: number) =>
  new Intl.NumberFormat(
    locale(language),
    digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits },
  ).format(value);
const money = (minor: number, currency: string, language: string) =>
  new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(minor / 100);
/** The date and time of an instant in the profile's zone. */
const zoned = (instant: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: PROFILE_ZONE,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(instant));

// Issue 32 items 3 and 4: dashboard days are the profile's days whatever the browser's zone; the
// customer dashboard shows the all-time total and the growth; the home dashboard shows today's
// expected amount.
describe('dashboard gaps', () => {
  it("a bar's drill-down lists what the bar counts with the browser in another zone; customer totals and today's expected amount show (nl, en)", async () => {
    const account = await newAccountLike(suite.server.baseUrl, 'merchant@kassa.test', 'dash');
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedInAs(
        suite,
        account.email,
        language,
        { timezoneId: BROWSER_ZONE },
        account.password,
      );
      await postJson(page, '/v1/profile', { time_zone: PROFILE_ZONE });

      // The default range is the profile zone's last 28 whole days.
      await page.goto('/dashboards/transactions');
      await page.waitForURL((url) => url.searchParams.has('created_at>'));
      const url = new URL(page.url());
      const from = url.searchParams.get('created_at>')!;
      const to = url.searchParams.get('created_at<')!;
      expect(zoned(from)).toMatch(/ 00:00:00$/);
      expect(zoned(new Date(Date.parse(to) + 1).toISOString())).toMatch(/ 00:00:00$/);
      expect(zoned(to).slice(0, 10)).toBe(zoned(new Date().toISOString()).slice(0, 10));
      const range = `created_at%3E=${encodeURIComponent(from)}&created_at%3C=${encodeURIComponent(to)}`;
      const rows = await api<{ period: string; count: number }[]>(
        page,
        `/v1/transaction/aggregate/stats?period=day&${range}`,
      );
      expect(rows).toHaveLength(28);

      // Click the bars from the left (the oldest whole days) until one opens its list.
      const chart = page.getByRole('img', {
        name: language === 'nl' ? 'Transacties door de tijd' : 'Transactions over time',
      });
      await expect.poll(() => page.getByTestId('total-totalCount').textContent(), SLOW).not.toBe('0');
      await page.waitForTimeout(700);
      const box = (await chart.boundingBox())!;
      for (let x = box.x + 40; x < box.x + box.width && new URL(page.url()).pathname !== '/transactions'; x += 8) {
        await page.mouse.click(x, box.y + box.height - 38);
        await page.waitForTimeout(30);
      }
      await page.waitForURL((opened) => opened.pathname === '/transactions');
      const day = zoned(new URL(page.url()).searchParams.get('created_at>')!).slice(0, 10);
      const bar = rows.find((row) => row.period === day);
      expect(bar, `a bar of ${day}`).toBeDefined();
      expect(bar!.count).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('.ant-pagination-total-text').first().textContent(), SLOW)
        .toMatch(new RegExp(` ${number(bar!.count, language).replace('.', '\\.')}$`));

      // The customer dashboard: this range's new customers, all customers and the growth against the range before.
      await page.goto(`/dashboards/customers?period=day&${range}`);
      const [all, total, previous] = await Promise.all([
        api<{ count: number }>(page, '/v1/customer/count'),
        api<{ count: number }>(page, `/v1/customer/aggregate/total?period=day&${range}`),
        api<{ count: number }>(page, `/v1/customer/aggregate/previous?period=day&${range}`),
      ]);
      expect(previous.count).toBeGreaterThan(0);
      const growth = (total.count / previous.count - 1) * 100;
      await expect
        .poll(() => page.getByTestId('total-allTimeTotal').textContent(), SLOW)
        .toBe(number(all.count, language));
      await expect
        .poll(() => page.getByTestId('total-growth').textContent(), SLOW)
        .toBe(`${growth > 0 ? '+' : ''}${number(growth, language, 1)} %`);
      await page.waitForTimeout(600);
      expect(await seriousViolations(page, `customer dashboard ${language}`)).toEqual([]);
      await screenshot(page, `dashboards-customers-${language}`);

      // The home dashboard: today so far with the amount expected today.
      await page.goto('/');
      const today = await api<{ amount: number; expected_amount: number; currency_code: string }>(
        page,
        '/v1/statistics/today',
      );
      expect(today.expected_amount).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId('today-expectedAmount').textContent(), SLOW)
        .toBe(money(today.expected_amount, today.currency_code, language));
      await page.getByText(language === 'nl' ? 'Verwacht vandaag' : 'Expected today').waitFor();
      await page.waitForTimeout(600);
      expect(await seriousViolations(page, `home dashboard ${language}`)).toEqual([]);
      await screenshot(page, `dashboards-today-${language}`);
      await context.close();
    }
  });
});
