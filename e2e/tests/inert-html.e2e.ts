import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type Language } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, drawer, SLOW } from '../support/ui.ts';
import { uniqueEmail, uniqueSuffix } from '../support/unique.ts';

/**
 * Issue 17: HTML and script that users type into free text (names, descriptions, welcome mails,
 * checkout designs) are shown as text or sanitised, never run. Every page here counts what the
 * hostile text would do if it ran (`window.__xss`) and must show it as the characters typed.
 */
const suite = useServerAndBrowser();

/** Runs the moment a browser would parse it as HTML: an image that fails, and a script. */
const hostile = (label: string) =>
  `${label} <img src=x onerror="window.__xss=(window.__xss||0)+1"><script>window.__xss=(window.__xss||0)+1</script> ${uniqueSuffix()}`;

/** A counter of executions on every page of the context, and alert() counted as one too. */
const watch = (context: BrowserContext) =>
  context.addInitScript(() => {
    const w = window as unknown as { __xss: number; alert: (message?: unknown) => void };
    w.__xss = 0;
    w.alert = () => {
      w.__xss += 1;
    };
  });
const executions = (page: Page) => page.evaluate(() => (window as unknown as { __xss: number }).__xss);
/** Images with the hostile `src=x`: an element made from the text instead of the text itself. */
const injectedImages = (page: Page) => page.locator('img[src="x"]').count();

/** The page shows `text` literally, made no element of it and ran nothing. */
const shownAsText = async (page: Page, text: string) => {
  await expect.poll(() => bodyText(page), SLOW).toContain(text);
  expect(await injectedImages(page)).toBe(0);
  expect(await executions(page)).toBe(0);
};

const signedIn = async (email: string, language: Language) => {
  const opened = await signedInAs(suite, email, language);
  await watch(opened.context);
  return opened;
};

describe('HTML in free text is inert', () => {
  it("shows a merchant's plan, payment link, checkout design and user names as typed, and the customer's payment page the description as text", async () => {
    for (const language of ['en-US', 'nl'] as const) {
      const { context, page } = await signedIn('merchant@kassa.test', language);
      const [profile] = await getJson<{ id: string }[]>(page, '/v1/paymentprofile?_limit=1&currency_code=EUR');
      const plan = hostile('Plan');
      await postJson(page, '/v1/plan', {
        name: plan,
        description: hostile('Box'),
        payment_profile: profile.id,
        amount: 1000,
        interval: 'month',
      });
      const description = hostile('Bike');
      const link = await postJson<{ url: string }>(page, '/v1/payment-link', {
        payment_profile: profile.id,
        amount: 1250,
        merchant_reference: `INERT-${uniqueSuffix()}`,
        description,
      });
      const design = hostile('Design');
      await postJson(page, '/v1/checkoutdesign', { name: design });
      const person = hostile('Eve');
      await postJson(page, '/v1/user', { email: uniqueEmail('inert'), name: person, language: 'en-US' });

      await page.goto('/subscriptions/plans');
      await shownAsText(page, plan);
      await page.locator('.ant-table-row').filter({ hasText: plan }).click();
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain(plan);
      expect(await injectedImages(page)).toBe(0);
      await animationsDone(page);
      await screenshot(page, `inert-html-plan-${language === 'nl' ? 'nl' : 'en'}`);
      await page.goto('/checkout-designs');
      await shownAsText(page, design);
      await page.goto('/users');
      await shownAsText(page, person);
      await page.goto('/payment-links');
      await shownAsText(page, description);

      // The customer's side: the hosted payment page of the link.
      const customer = await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: language });
      await watch(customer);
      const pay = await customer.newPage();
      await pay.goto(link.url);
      await pay.getByRole('heading', { level: 1 }).waitFor();
      await shownAsText(pay, description);
      await screenshot(pay, `inert-html-pay-link-${language === 'nl' ? 'nl' : 'en'}`);
      await customer.close();
      await context.close();
    }
  }, 240_000);

  it('keeps a welcome mail inert: its name shown as text, its content sanitised on save and in the editor', async () => {
    const { context, page } = await signedIn('admin@kassa.test', 'en-US');
    const name = hostile('Welcome');
    const saved = await postJson<{ id: string; content: string }>(page, '/v1/psp/welcome-mail', {
      name,
      content: `<p>Hi {{name}}</p>${hostile('<b>Start</b>')}<a href="javascript:window.__xss=1">x</a><p>{{link}}</p>`,
    });
    // Sanitised: images may stay (a welcome mail may show one), their handlers and scripts may not.
    expect(saved.content).not.toMatch(/onerror|<script|javascript:/i);
    expect(saved.content).toContain('<b>Start</b>');
    await page.goto('/psp/welcome-mails');
    await shownAsText(page, name);
    await page.locator('.ant-table-row').filter({ hasText: name }).click();
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('Start');
    expect(await page.locator('[onerror], script:not([src])').count()).toBe(0);
    expect(await executions(page)).toBe(0);
    await screenshot(page, 'inert-html-welcome-mail-en');
    await context.close();
  }, 120_000);
});
