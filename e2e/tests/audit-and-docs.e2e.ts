import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, drawer, openTab } from '../support/ui.ts';

/**
 * The audit trail screen (issue 32, item 15): the request that created a payment belongs to that
 * payment (its Transaction tab lists the payment's items, not "belongs to no transaction"), and the
 * entry its handling wrote hangs under it in the tree column, which opens the request's entry.
 */
const TEXTS = {
  nl: { transactionTab: 'Transactie', openParent: 'Open het verzoek waar dit bij hoort', profile: 'Betaalprofiel' },
  'en-US': {
    transactionTab: 'Transaction',
    openParent: 'Open the request this belongs to',
    profile: 'Payment profile',
  },
} satisfies Record<Language, Record<string, string>>;

/** A payment made by the merchant in the back office's session: its id and its payment profile's name. */
const payAsMerchant = async (): Promise<{ id: string; profile: string }> => {
  const context = await newContext(suite.browser, suite.server.baseUrl, 'en-US');
  const page = await context.newPage();
  await signInThroughPage(page, 'merchant@kassa.test');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const [profile] = (await (await page.request.get('/v1/paymentprofile?_limit=1&currency_code=EUR')).json()) as {
    id: string;
    name: string;
  }[];
  const response = await page.request.post('/v1/transaction', {
    data: { payment_profile: profile.id, amount: 1234, payment_product_type: 'card', merchant_reference: 'AUDIT-TREE' },
    headers: { origin: suite.server.baseUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await context.close();
  return { id, profile: profile.name };
};

describe('the audit trail', () => {
  for (const language of ['nl', 'en-US'] as const) {
    it(`shows a payment's request under its transaction, and its item under the request (${language})`, async () => {
      const text = TEXTS[language];
      const payment = await payAsMerchant();
      const { page, context } = await signedInAs(suite, 'admin@kassa.test', language);
      await page.goto(`/psp/audit-trail?transaction=${payment.id}`);
      const rows = page.locator('.ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      const request = rows.filter({ hasText: 'POST /v1/transaction' });
      const created = rows.filter({ hasText: 'transaction_created' });
      // The item the request's handling wrote points to the request; the request itself to nothing.
      expect(await created.getByRole('link', { name: text.openParent }).count()).toBe(1);
      expect(await request.getByRole('link', { name: text.openParent }).count()).toBe(0);
      expect(await seriousViolations(page, `audit trail ${language}`)).toEqual([]);
      await screenshot(page, `audit-trail-tree-${language}`);

      await request.getByText('POST /v1/transaction').click();
      const panel = drawer(page);
      await expect.poll(() => panel.textContent()).toContain(payment.profile);
      expect(await panel.textContent()).toContain(text.profile);
      await animationsDone(page);
      await screenshot(page, `audit-trail-request-tab-${language}`);
      await openTab(panel, text.transactionTab);
      // Both items of the payment, the request's own and the one its handling wrote.
      const related = panel.getByRole('tabpanel').locator('.ant-table-row');
      await expect.poll(() => related.count()).toBe(2);
      expect(await related.filter({ hasText: 'transaction_created' }).count()).toBe(1);
      await animationsDone(page);
      await screenshot(page, `audit-trail-transaction-tab-${language}`);
      await context.close();

      // The tree column opens the request the item belongs to.
      const again = await signedInAs(suite, 'admin@kassa.test', language);
      await again.page.goto(`/psp/audit-trail?transaction=${payment.id}`);
      const child = again.page.locator('.ant-table-row').filter({ hasText: 'transaction_created' });
      await child.getByRole('link', { name: text.openParent }).click();
      await expect
        .poll(() => drawer(again.page).locator('.ant-drawer-title').textContent())
        .toBe('POST /v1/transaction');
      await again.context.close();
    });
  }
});

/**
 * The API documentation (`/v1/docs`, the menu's Documentation item) meets the bar of every other
 * page: no serious or critical axe-core violation, in the light and the dark scheme, on the page as
 * it opens, all the way down (Swagger UI renders only the operations in view), and with operations
 * opened for "Try it out" (issue 32, item 19).
 */
const suite = useServerAndBrowser();

/** Opens an operation by its Swagger UI id (scrolling until it is rendered) and starts "Try it out". */
const tryOut = async (page: Page, operation: string) => {
  const block = page.locator(`#${operation}`);
  for (let step = 0; step < 400 && (await block.count()) === 0; step++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await block.scrollIntoViewIfNeeded();
  await block.locator('.opblock-summary-control').click();
  await block.getByRole('button', { name: 'Try it out' }).click();
  await block.getByRole('button', { name: 'Cancel' }).waitFor();
};

describe('the API documentation', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation in the ${scheme} scheme`, async () => {
      const context = await newContext(suite.browser, suite.server.baseUrl, 'en-US', {
        colorScheme: scheme,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto('/v1/docs');
      await page.locator('.swagger-ui .opblock').first().waitFor();
      await expect.poll(() => page.locator('.swagger-ui .info .title').textContent()).toContain('Kassa API');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(
        scheme === 'dark',
      );
      await screenshot(page, `docs-${scheme}`);
      const found = new Set(await seriousViolations(page, `/v1/docs ${scheme}`));

      // Down the whole page: each stretch of operations is only in the document while it is in view.
      const seen = new Set<string>();
      for (let step = 0; step < 400; step++) {
        const ids = await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id));
        if (ids.some((id) => !seen.has(id))) {
          ids.forEach((id) => seen.add(id));
          for (const line of await seriousViolations(page, `/v1/docs ${scheme} at ${ids[0]}`)) found.add(line);
        }
        const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 2);
        if (atEnd) break;
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(50);
      }
      expect(seen.size).toBeGreaterThan(200);

      // A call with a body (its editor) and a list call with parameters, each ready to try.
      await page.evaluate(() => window.scrollTo(0, 0));
      await tryOut(page, 'operations-auth-post_v1_auth_forgot_password');
      expect(await page.getByRole('textbox', { name: 'Request body' }).count()).toBe(1);
      for (const line of await seriousViolations(page, `/v1/docs ${scheme} try POST /v1/auth/forgot-password`))
        found.add(line);
      await screenshot(page, `docs-${scheme}-try-body`);
      await tryOut(page, 'operations-transaction-get_v1_transaction');
      for (const line of await seriousViolations(page, `/v1/docs ${scheme} try GET /v1/transaction`)) found.add(line);
      await screenshot(page, `docs-${scheme}-try-list`);

      expect([...found]).toEqual([]);
      await context.close();
    });
  }
});
