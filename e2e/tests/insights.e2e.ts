import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const suite = useServerAndBrowser();

const signedIn = async (email: string, language: Language) => {
  const context = await newContext(suite.browser, suite.server.baseUrl, language);
  const page = await context.newPage();
  await signInThroughPage(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { page, context };
};

const api = <T>(page: Page, path: string) => page.evaluate((p) => fetch(p).then((r) => r.json()), path) as Promise<T>;
const money = (minor: number, language: Language) =>
  new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US', { style: 'currency', currency: 'EUR' }).format(
    minor / 100,
  );
const number = (value: number, language: Language) =>
  new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US').format(value);

describe('the dashboard', () => {
  for (const language of ['nl', 'en-US'] as const) {
    it(`merchant variant (${language}): revenue overview total equals the API's days, achievements and payouts from the demo data`, async () => {
      const { page, context } = await signedIn('merchant@kassa.test', language);
      const daily = page.waitForResponse((r) => r.url().includes('/v1/statistics/aggregate/day'));
      await page.goto('/');
      const days = (await (await daily).json()) as { amount: number }[];
      expect(days.length).toBeGreaterThanOrEqual(28);
      const total = days.reduce((sum, d) => sum + d.amount, 0);
      expect(total).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('revenue-total').textContent()).toBe(money(total, language));
      // The chart is drawn on a canvas inside the labelled chart.
      const chart = page.getByRole('img', {
        name: language === 'nl' ? /Staafdiagram van de omzet/ : /Bar chart of revenue/,
      });
      await chart.locator('canvas').waitFor();

      const achievements = await api<{ type: string; last: number }[]>(page, '/v1/statistics/amazingthings');
      const transactions = achievements.find((a) => a.type === 'transaction')!;
      await expect
        .poll(() => page.getByTestId('achievement-transaction').textContent())
        .toContain(number(transactions.last, language));
      // A merchant that collects through Kassa sees its payouts to its bank account (issue 16),
      // others the processors' settlements.
      const bankPayouts = await api<{ amount: number }[]>(page, '/v1/payout?_limit=1&_sort=-pay_date');
      const payouts = bankPayouts.length
        ? bankPayouts
        : await api<{ amount: number }[]>(page, '/v1/settlement?_limit=2&_sort=-created_at&amount%3E=1');
      if (payouts.length) await page.getByText(money(payouts[0].amount, language)).first().waitFor();
      await page
        .locator('.ant-card-head-title', { hasText: language === 'nl' ? 'Recente activiteit' : 'Recent activity' })
        .waitFor();
      await page.locator('.ant-list-item').first().waitFor();
      await page.waitForTimeout(800);
      await screenshot(page, `insights-dashboard-merchant-${language}`);
      await context.close();
    });
  }

  it('provider variant: top 5 merchants over 24 hours and processor revenue cards in rows of 3 and 4', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedIn('admin@kassa.test', language);
      const topAnswer = page.waitForResponse((r) => r.url().includes('/v1/statistics/merchant/revenue'));
      await page.goto('/');
      const top = (await (await topAnswer).json()) as { name: string; last24hours: { amount: number } }[];
      expect(top.length).toBeGreaterThan(0);
      expect(top.length).toBeLessThanOrEqual(5);
      await page.getByText(`1. ${top[0].name}`).waitFor();
      await page.getByText(money(top[0].last24hours.amount, language)).first().waitFor();
      const processors = await api<unknown[]>(page, '/v1/processor?_limit=1000&type=processor');
      const section = page.getByRole('region', {
        name: language === 'nl' ? /Omzet per processor/ : /Revenue per processor/,
      });
      await section.locator('.ant-card').first().waitFor();
      expect(await section.locator('.ant-card').count()).toBe(processors.length);
      // Rows alternate 3 and 4 cards.
      const rows = await section
        .locator('.ant-row')
        .evaluateAll((els) => els.map((el) => el.querySelectorAll('.ant-card').length));
      rows.slice(0, -1).forEach((size, index) => expect(size).toBe(index % 2 === 0 ? 3 : 4));
      await page.waitForTimeout(800);
      await screenshot(page, `insights-dashboard-psp-${language}`);
      await context.close();
    }
  });
});

describe('statistics dashboards', () => {
  for (const language of ['nl', 'en-US'] as const) {
    it(`transactions (${language}): redirects to the last 28 days per day, totals equal the API, charts drawn, a lifecycle node opens the filtered list`, async () => {
      const { page, context } = await signedIn('merchant@kassa.test', language);
      const totalAnswer = page.waitForResponse((r) => r.url().includes('/v1/transaction/aggregate/total'));
      await page.goto('/dashboards/transactions');
      await page.waitForURL(
        (url) =>
          url.searchParams.get('period') === 'day' &&
          url.searchParams.has('created_at>') &&
          url.searchParams.has('created_at<'),
      );
      const url = new URL(page.url());
      const days =
        (Date.parse(url.searchParams.get('created_at<')!) - Date.parse(url.searchParams.get('created_at>')!)) /
        86_400_000;
      expect(Math.round(days)).toBe(28);
      const total = (await (await totalAnswer).json()) as { volume: number; count: number };
      expect(total.count).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('total-totalVolume').textContent()).toBe(money(total.volume, language));
      await expect.poll(() => page.getByTestId('total-totalCount').textContent()).toBe(number(total.count, language));
      // Aggregate, lifecycle, heatmap, weekday comparison and map each draw a canvas.
      await expect.poll(() => page.locator('[role="img"] canvas').count()).toBeGreaterThanOrEqual(5);
      await page.waitForTimeout(1200);
      await screenshot(page, `insights-transactions-dashboard-${language}`);
      await page.mouse.wheel(0, 1400);
      await page.waitForTimeout(600);
      await screenshot(page, `insights-transactions-dashboard-lower-${language}`);

      const lifecycle = await api<{ name: string; count: number }[]>(
        page,
        `/v1/transaction/aggregate/lifecycle?${url.searchParams}`,
      );
      const completed = lifecycle.find((e) => e.name === 'SETTLEMENT_COMPLETED')!;
      expect(completed.count).toBeGreaterThan(0);
      const label = language === 'nl' ? 'Uitbetaald' : 'Settlement completed';
      await page
        .getByRole('navigation', { name: language === 'nl' ? 'Levenscyclus van transacties' : 'Transaction lifecycle' })
        .getByRole('link', { name: `${label}: ${number(completed.count, language)}` })
        .click();
      await page.waitForURL(
        (u) => u.pathname === '/transactions' && u.searchParams.getAll('status[]').join() === 'SETTLEMENT_COMPLETED',
      );
      await page.locator('.ant-table-row', { hasText: label }).first().waitFor();
      const rows = await page.locator('.ant-table-row').allTextContents();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toContain(label);
      const count = await api<{ count: number }>(
        page,
        `/v1/transaction/count?status[]=SETTLEMENT_COMPLETED&currency_code=EUR&created_at%3E=${encodeURIComponent(url.searchParams.get('created_at>')!)}&created_at%3C=${encodeURIComponent(url.searchParams.get('created_at<')!)}`,
      );
      expect(count.count).toBe(completed.count);
      await context.close();
    });
  }

  it('refunds and customers dashboards draw their charts from the demo data in both languages', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedIn('merchant@kassa.test', language);
      for (const [path, entity, testId] of [
        ['refunds', 'refund', 'total-totalVolume'],
        ['customers', 'customer', 'total-totalThisPeriod'],
      ] as const) {
        const totalAnswer = page.waitForResponse((r) => r.url().includes(`/v1/${entity}/aggregate/total`));
        await page.goto(`/dashboards/${path}`);
        const total = (await (await totalAnswer).json()) as { volume: number; count: number };
        expect(total.count).toBeGreaterThan(0);
        const expected = entity === 'refund' ? money(total.volume, language) : number(total.count, language);
        await expect.poll(() => page.getByTestId(testId).textContent()).toBe(expected);
        await page.locator('[role="img"] canvas').first().waitFor();
        await page.locator('.ant-table-row').first().waitFor();
        await page.waitForTimeout(1000);
        await screenshot(page, `insights-${path}-dashboard-${language}`);
      }
      await context.close();
    }
  });
});

describe('processor statistics and compare', () => {
  it('shows a revenue card per processor and compares two chosen processors with the API numbers', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedIn('merchant@kassa.test', language);
      await page.goto('/dashboards/processor-statistics');
      // The processors the merchant's payment profiles use, not every processor of the provider.
      const processors = await api<{ id: string; name: string }[]>(page, '/v1/statistics/processor/revenue');
      const section = page.getByRole('region', {
        name: language === 'nl' ? /Omzet per processor/ : /Revenue per processor/,
      });
      await expect.poll(() => section.locator('.ant-card').count()).toBe(processors.length);
      await page.waitForTimeout(500);
      await screenshot(page, `insights-processor-statistics-${language}`);

      await page.goto('/insights/dashboards/processor-compare');
      const chosen = processors.slice(0, 2);
      if (processors.length > 3) {
        for (const p of chosen) await page.getByRole('checkbox', { name: p.name }).check();
        await page.getByRole('checkbox', { name: processors[2].name }).check();
        // Three chosen: the others are disabled.
        if (processors.length > 3)
          expect(await page.getByRole('checkbox', { name: processors[3].name }).isDisabled()).toBe(true);
        await page.getByRole('checkbox', { name: processors[2].name }).uncheck();
        await page.getByRole('button', { name: language === 'nl' ? 'Vergelijken' : 'Compare' }).click();
      }
      await page.waitForURL((url) => url.searchParams.has('ids'));
      const ids = new URL(page.url()).searchParams.get('ids')!;
      const compare = await api<{ name: string; transaction: { count: number } }[]>(
        page,
        `/v1/statistics/processor/compare?ids=${ids}`,
      );
      await page
        .getByText(language === 'nl' ? 'Laatste 28 dagen aan transacties' : 'Last 28 days of transactions')
        .waitFor();
      for (const p of compare) await page.getByRole('columnheader', { name: p.name }).waitFor();
      const countRow = page.locator('.ant-table-row').first();
      for (const p of compare)
        await expect.poll(() => countRow.textContent()).toContain(number(p.transaction.count, language));
      await screenshot(page, `insights-processor-compare-${language}`);
      await context.close();
    }
  });
});
