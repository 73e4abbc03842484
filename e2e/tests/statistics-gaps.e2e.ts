import { describe, expect, it } from 'vitest';
import { adminCall, newAccountIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson as api, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();

const number = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US').format(value);

/** A user of Thames & Tulip, the demo's GBP-only merchant (the demo has no account there). */
const thamesAccount = async () => {
  const [thames] = await adminCall<{ id: string }[]>(
    suite.server.baseUrl,
    'GET',
    `/v1/organisation?name=${encodeURIComponent('Thames & Tulip Ltd')}`,
  );
  expect(thames).toBeDefined();
  return newAccountIn(suite.server.baseUrl, thames.id, ['USER_ALL'], 'tulip');
};

// Issue 32: a GBP-only merchant's dashboard counts its own transactions (item 2); a compare link
// naming four processors says why it cannot compare instead of an empty table (item 6).
describe('statistics gaps', () => {
  it("a GBP-only merchant's transaction dashboard counts its transactions in pounds (nl, en)", async () => {
    const account = await thamesAccount();
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedInAs(suite, account.email, language, {}, account.password);
      await page.goto('/dashboards/transactions');
      await page.waitForURL((url) => url.searchParams.has('created_at>'));
      const url = new URL(page.url());
      const range = `created_at%3E=${encodeURIComponent(url.searchParams.get('created_at>')!)}&created_at%3C=${encodeURIComponent(url.searchParams.get('created_at<')!)}`;
      const total = await api<{ count: number; currency_code: string }>(
        page,
        `/v1/transaction/aggregate/total?${range}`,
      );
      expect(total.currency_code).toBe('GBP');
      expect(total.count).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId('total-totalCount').textContent(), SLOW)
        .toBe(number(total.count, language));
      await page
        .getByText(language === 'nl' ? 'Bedragen in GBP' : 'Amounts in GBP')
        .first()
        .waitFor();
      // The lifecycle is not empty: at least one status holds transactions.
      const lifecycle = await api<{ count: number }[]>(page, `/v1/transaction/aggregate/lifecycle?${range}`);
      expect(lifecycle.reduce((sum, row) => sum + row.count, 0)).toBe(total.count);
      await page.waitForTimeout(800);
      expect(await seriousViolations(page, `gbp dashboard ${language}`)).toEqual([]);
      await screenshot(page, `statistics-gbp-merchant-${language}`);

      // The home dashboard defaults to pounds too.
      await page.goto('/');
      await page
        .getByText(language === 'nl' ? 'Bedragen in GBP' : 'Amounts in GBP')
        .first()
        .waitFor();

      // Choosing euros, which it has none of, says so instead of a silent zero.
      await page.goto(`/dashboards/transactions?${range}&period=day&currency_code=EUR`);
      await page
        .getByText(
          language === 'nl'
            ? /Geen transacties in EUR in deze periode\. Andere valuta: GBP/
            : /No transactions in EUR in this period\. Other currencies: GBP/,
        )
        .waitFor();
      await expect.poll(() => page.getByTestId('total-totalCount').textContent(), SLOW).toBe('0');
      await page.waitForTimeout(500);
      await screenshot(page, `statistics-gbp-merchant-eur-${language}`);
      await context.close();
    }
  });

  it("the compare screen shows why a link with four processors cannot be compared, and lists only the merchant's processors (nl, en)", async () => {
    const account = await thamesAccount();
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedInAs(suite, account.email, language, {}, account.password);
      const own = await api<{ id: string; name: string; gatewayLabel: string }[]>(
        page,
        '/v1/statistics/processor/revenue',
      );
      const every = await api<{ id: string }[]>(page, '/v1/processor?_limit=1000&type=processor');
      expect(own.length).toBeGreaterThan(0);
      expect(own.length).toBeLessThan(every.length);
      await page.goto('/dashboards/processor-statistics');
      const section = page.getByRole('region', {
        name: language === 'nl' ? /Omzet per processor/ : /Revenue per processor/,
      });
      await expect.poll(() => section.locator('.ant-card').count(), SLOW).toBe(own.length);
      await expect
        .poll(() => section.getByTestId('processor-gateway').first().textContent(), SLOW)
        .toMatch(/^Direct · /);

      await page.waitForTimeout(500);
      await screenshot(page, `statistics-processor-cards-${language}`);

      const ids = [...every.map((p) => p.id), 'prc_x', 'prc_y', 'prc_z', 'prc_w'].slice(0, 4).join(',');
      await page.goto(`/insights/dashboards/processor-compare?ids=${ids}`);
      await page
        .getByText(
          language === 'nl'
            ? 'Kies 2 tot 3 verwerkers om te vergelijken; deze link noemt er 4.'
            : 'Choose 2 to 3 processors to compare; this link names 4.',
        )
        .waitFor();
      await page.waitForTimeout(500);
      expect(await seriousViolations(page, `compare error ${language}`)).toEqual([]);
      await screenshot(page, `statistics-compare-error-${language}`);
      await context.close();
    }
  });
});
