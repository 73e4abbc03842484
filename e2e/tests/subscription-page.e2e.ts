import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { newContext, screenshot } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { bodyText, SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();

type Sub = { id: string; subscription_url: string; plan: { name: string } };

describe('the subscription link and the status updates merchant (issue 32, items 13 and 14)', () => {
  it('opens the copied subscription link signed out and shows the subscription, in Dutch and English', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', 'nl');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/subscriptions?status[]=PAST_DUE');
    const copy = page.locator('.ant-table-row .ant-typography-copy').first();
    await copy.waitFor(SLOW);
    await copy.click();
    const link = await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), SLOW)
      .toMatch(/\/subscribe\/[A-Za-z0-9_-]{32}$/)
      .then(() => page.evaluate(() => navigator.clipboard.readText()));
    const subs = await getJson<Sub[]>(page, '/v1/subscription?status=PAST_DUE&_limit=100&_populate=plan');
    const sub = subs.find((s) => s.subscription_url === link)!;
    expect(sub, link).toBeDefined();
    await context.close();

    for (const [language, pastDue, plan] of [
      ['nl', 'Achterstallig', 'Abonnement'],
      ['en-US', 'Past due', 'Plan'],
    ] as const) {
      const customer = await newContext(suite.browser, suite.server.baseUrl, language);
      const view = await customer.newPage();
      await view.goto(new URL(link).pathname);
      await expect.poll(() => bodyText(view), SLOW).toContain(sub.plan.name);
      const text = await bodyText(view);
      expect(text).toContain(plan);
      expect(text).toContain(pastDue);
      expect(new URL(view.url()).pathname).not.toBe('/login');
      await screenshot(view, `subscription-page-${language === 'nl' ? 'nl' : 'en'}`);
      expect(await seriousViolations(view, `subscription page ${language}`)).toEqual([]);
      await customer.close();
    }
  }, 40_000);

  it("links a sub-organisation's status update to its merchant, whose header shows the merchant's name", async () => {
    const { context, page } = await signedInAs(suite, 'admin@kassa.test', 'en-US');
    const subs = await getJson<{ id: string; name: string; parent: string }[]>(
      page,
      '/v1/organisation?type=sub&_limit=100',
    );
    let found: { tx: string; merchant: string } | undefined;
    for (const org of subs) {
      const [tx] = await getJson<{ id: string }[]>(
        page,
        `/v1/transaction?organisation=${org.id}&status=SETTLEMENT_COMPLETED&_limit=1`,
      );
      if (tx) {
        found = { tx: tx.id, merchant: org.id };
        break;
      }
    }
    expect(found).toBeDefined();
    const update = await postJson<{ merchant: { id: string; name: string }; organisation: { id: string } }>(
      page,
      '/v1/statusupdate',
      { type: 'transaction', transaction: found!.tx, status: 'PAID' },
    );
    expect(update.merchant.id).not.toBe(update.organisation.id);
    await page.goto('/psp/admin/status-updates');
    const link = page.locator('.ant-table-row').first().getByRole('link', { name: update.merchant.name });
    await link.waitFor(SLOW);
    await screenshot(page, 'status-updates-merchant-link-en');
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe(`/psp/merchants/${update.merchant.id}`);
    const header = page
      .getByRole('combobox', { name: 'Merchant' })
      .locator('xpath=ancestor::*[contains(@class,"ant-select")][1]');
    await expect.poll(() => header.textContent(), SLOW).toContain(update.merchant.name);
    expect(await header.textContent()).not.toContain(update.merchant.id);
    await expect.poll(() => page.locator('main .ant-spin-spinning').count(), SLOW).toBe(0);
    await screenshot(page, 'status-update-merchant-context-en');
    expect(await seriousViolations(page, 'merchant context')).toEqual([]);
    await context.close();
  }, 40_000);
});
