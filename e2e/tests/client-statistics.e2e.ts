import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson as api, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();

const locale = (language: string) => (language === 'nl' ? 'nl-NL' : 'en-US');
const number = (value: number, language: string) => new Intl.NumberFormat(locale(language)).format(value);

// Issue 32 item 7 (payments §7): the transactions dashboard breaks the range down by payment scheme,
// outcome, platform, browser, card issuer and issuer country, and each value opens the list it counts.
describe('transactions dashboard breakdowns', () => {
  it('shows platforms, browsers and issuers of the range, and a platform opens its transactions (nl, en)', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedInAs(suite, 'merchant@kassa.test', language);
      await page.goto('/dashboards/transactions');
      await page.waitForURL((url) => url.searchParams.has('created_at>'));
      const url = new URL(page.url());
      const range = `created_at%3E=${encodeURIComponent(url.searchParams.get('created_at>')!)}&created_at%3C=${encodeURIComponent(url.searchParams.get('created_at<')!)}`;
      const platforms = await api<{ value: string | null; count: number }[]>(page, `/v1/statistics/platform?${range}`);
      const top = platforms.find((row) => row.value !== null)!;
      expect(top, 'the demo world records platforms').toBeDefined();

      const card = page.locator('.ant-card', {
        has: page.locator('.ant-card-head-title', { hasText: /^Platforms$/ }),
      });
      await card.waitFor(SLOW);
      await card.scrollIntoViewIfNeeded();
      const link = card.getByRole('link', { name: top.value!, exact: true });
      await link.waitFor(SLOW);
      await expect
        .poll(() => card.locator('tr', { has: link }).locator('td').nth(1).textContent(), SLOW)
        .toBe(number(top.count, language));
      for (const title of language === 'nl'
        ? ['Browsers', 'Kaartuitgevers', 'Landen van kaartuitgevers', 'Kaartschema’s', 'Uitkomsten']
        : ['Browsers', 'Card issuers', 'Card issuer countries', 'Payment schemes', 'Outcomes'])
        await page.getByText(title, { exact: true }).first().waitFor(SLOW);
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(600);
      expect(await seriousViolations(page, `transactions dashboard breakdowns ${language}`)).toEqual([]);
      await screenshot(page, `dashboards-breakdowns-${language}`);

      // The platform's drill-down lists exactly what the card counted.
      await link.click();
      await page.waitForURL(
        (opened) => opened.pathname === '/transactions' && opened.searchParams.get('platform') === top.value,
      );
      await expect
        .poll(() => page.locator('.ant-pagination-total-text').first().textContent(), SLOW)
        .toMatch(new RegExp(` ${number(top.count, language).replace('.', '\\.')}$`));
      await context.close();
    }
  });
});
