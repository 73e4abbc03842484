import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import type { Language } from '../support/browser.ts';
import { screenshot } from '../support/browser.ts';
import { postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { bodyText, choose, drawer, SLOW } from '../support/ui.ts';
import { unique, uniqueDigits } from '../support/unique.ts';

// Menu pages are audited by accessibility.e2e.ts in both themes; this file audits the drawers it opens.
const suite = useServerAndBrowser();

const signedIn = (language: Language, email = 'merchant@kassa.test') => signedInAs(suite, email, language);
const getJson = async <T>(page: Page, path: string): Promise<T> =>
  (await (await page.request.get(`${suite.server.baseUrl}${path}`)).json()) as T;
const table = (page: Page) => page.locator('.ant-table-tbody');
/** The header's NL/EN switch: the same page in the other language, without a second sign-in. */
const switchToDutch = (page: Page) => page.locator('.ant-segmented-item').filter({ hasText: /^NL$/ }).click();

let merchantId = '';

describe('terminals', () => {
  it('registers a terminal for a payment profile, refusing a malformed serial number first', async () => {
    const { context, page } = await signedIn('en-US');
    merchantId = (await getJson<{ organisation: { id: string } }>(page, '/v1/auth/me')).organisation.id;
    await page.goto('/terminals');
    await expect.poll(() => table(page).textContent(), SLOW).toContain('Kassa 1');
    await page.getByRole('button', { name: 'New terminal' }).click();
    await drawer(page).getByLabel('Name', { exact: true }).fill(unique('Till E2E'));
    await drawer(page).getByLabel('Serial number').fill('x!');
    await drawer(page).getByLabel('Serial number').blur();
    await expect.poll(() => bodyText(page), SLOW).toContain('A serial number is 4 to 40 letters');
    // Serial numbers are unique: one of this attempt's own, typed in lower case and shown in upper case.
    const serial = `e2e-${uniqueDigits(8)}-en`;
    await drawer(page).getByLabel('Serial number').fill(serial);
    await choose(page, /^Model$/, /PAX A77/);
    await choose(page, /^Payment profile$/, /\(EUR\)/);
    await screenshot(page, 'config2-terminal-form-en');
    expect(await seriousViolations(page, 'terminal form', '.ant-drawer-content-wrapper')).toEqual([]);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => table(page).textContent(), SLOW).toContain(serial.toUpperCase());
    await screenshot(page, 'config2-terminals-en');
    await switchToDutch(page);
    await expect.poll(() => bodyText(page), SLOW).toContain('Nieuwe terminal');
    await screenshot(page, 'config2-terminals-nl');
    await context.close();
  }, 120_000);
});

describe('share credentials', () => {
  it('the provider asks the merchant for credentials; the merchant shares them and they are never shown again', async () => {
    const acquirer = unique('E2E Acquirer');
    const admin = await signedIn('en-US', 'admin@kassa.test');
    await admin.page.goto(`/psp/merchants/${merchantId}/share-credentials`);
    await expect.poll(() => bodyText(admin.page), SLOW).toContain('Ask this merchant for the credentials');
    await admin.page.getByRole('button', { name: 'New request' }).click();
    await drawer(admin.page).getByLabel('Provider', { exact: true }).fill(acquirer);
    await drawer(admin.page).getByLabel('Name of credential 1').fill('e2e_secret');
    await drawer(admin.page).getByLabel('Description of credential 1').fill('The live secret');
    await drawer(admin.page).getByRole('button', { name: 'Add credential' }).click();
    await drawer(admin.page).getByLabel('Name of credential 2').fill('E2E_SECRET');
    await drawer(admin.page).getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => bodyText(admin.page), SLOW).toContain('This value occurs twice');
    await drawer(admin.page).getByLabel('Name of credential 2').fill('e2e_account');
    await screenshot(admin.page, 'config2-share-request-form-en');
    await drawer(admin.page).getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => table(admin.page).textContent(), SLOW).toContain(acquirer);
    await screenshot(admin.page, 'config2-share-credentials-en');
    await admin.context.close();

    const { context, page } = await signedIn('nl');
    await page.goto('/share-credentials');
    await expect.poll(() => table(page).textContent(), SLOW).toContain(acquirer);
    await page.locator('.ant-table-row').filter({ hasText: acquirer }).click();
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('The live secret');
    await drawer(page).getByRole('button', { name: 'Delen' }).click();
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('Dit veld is verplicht');
    await drawer(page).getByLabel('e2e_secret').fill('sk_e2e_do-not-show');
    await drawer(page).getByLabel('e2e_account').fill('E2E_ACCOUNT');
    await screenshot(page, 'config2-share-answer-nl');
    expect(await seriousViolations(page, 'share answer', '.ant-drawer-content-wrapper')).toEqual([]);
    await drawer(page).getByRole('button', { name: 'Delen' }).click();
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('e2e_secret: gedeeld');
    expect(await bodyText(page)).not.toContain('sk_e2e_do-not-show');
    await screenshot(page, 'config2-share-shared-nl');
    await context.close();
  }, 180_000);
});

describe('merchant configuration', () => {
  it('the provider sets a maximum amount for the merchant, and a larger payment fails', async () => {
    const admin = await signedIn('en-US', 'admin@kassa.test');
    await admin.page.goto(`/psp/merchants/${merchantId}/merchant-configuration`);
    const amount = admin.page.getByLabel('Maximum amount per payment');
    await expect.poll(() => amount.count(), SLOW).toBe(1);
    await amount.fill('2,500.00');
    await admin.page.getByLabel('Reserve', { exact: true }).fill('7.5');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => bodyText(admin.page), SLOW).toContain('The configuration has been saved');
    await screenshot(admin.page, 'config2-merchant-configuration-en');
    const saved = await getJson<{ max_transaction_amount: number; reserve_percentage: number }>(
      admin.page,
      `/v1/psp/merchant/${merchantId}/configuration`,
    );
    expect(saved).toMatchObject({ max_transaction_amount: 250_000, reserve_percentage: 7.5 });
    await switchToDutch(admin.page);
    await expect
      .poll(() => admin.page.getByLabel('Maximaal bedrag per betaling').inputValue(), SLOW)
      .toContain('2.500,00');
    await admin.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin.page, 'config2-merchant-configuration-nl');
    await admin.context.close();

    const { context, page } = await signedIn('en-US');
    const profile = (await getJson<{ id: string }[]>(page, '/v1/paymentprofile?_limit=1&_sort=name'))[0];
    const pay = async (amount: number) =>
      (await (
        await page.request.post(`${suite.server.baseUrl}/v1/transaction`, {
          data: {
            payment_profile: profile.id,
            amount,
            payment_product_type: 'card',
            merchant_reference: `E2E-MAX-${amount}`,
          },
          headers: { origin: suite.server.baseUrl },
        })
      ).json()) as { status: string; status_reason: string };
    expect(await pay(250_001)).toMatchObject({
      status: 'FAILED',
      status_reason: expect.stringContaining('maximum transaction amount'),
    });
    await context.close();
  }, 180_000);
});

describe('plans', () => {
  it('a plan names its checkout design, a payment profile its payout bank account', async () => {
    const { context, page } = await signedIn('en-US');
    const look = unique('E2E summer look');
    const plan = unique('E2E box with design');
    const design = await page.request.post(`${suite.server.baseUrl}/v1/checkoutdesign`, {
      data: { name: look },
      headers: { origin: suite.server.baseUrl },
    });
    expect(design.status()).toBe(201);
    await page.goto('/subscriptions/plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    await drawer(page).getByLabel('Name', { exact: true }).fill(plan);
    await choose(page, /^Payment profile$/, /\(EUR\)/);
    await drawer(page).getByLabel('Amount').fill('12.50');
    await choose(page, /^Checkout$/, new RegExp(look));
    await screenshot(page, 'config2-plan-checkout-en');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: plan }).textContent(), SLOW)
      .toContain(look);

    // The demo's payment profiles pay out to the merchant's bank account, chosen in the profile's details.
    await page.goto('/paymentprofiles');
    await page.locator('.ant-table-row').first().click();
    await expect
      .poll(() => drawer(page).textContent(), SLOW)
      .toMatch(/Payout bank account.*Zuiderzee Fietsen B\.V\. · NL\d\d [A-Z]{4}/);
    await screenshot(page, 'config2-payment-profile-bank-account-en');
    await context.close();
  }, 120_000);
});

type RoutedProfile = {
  id: string;
  name: string;
  description: string | null;
  processors: string[];
  routing: { card?: unknown };
};

describe('payment profile form', () => {
  it('saves a new description without touching the processors or the routing, and the profile still routes a payment through its tree', async () => {
    for (const language of ['en-US', 'nl'] as const) {
      const en = language === 'en-US';
      const { context, page } = await signedIn(language);
      const profiles = await getJson<RoutedProfile[]>(page, '/v1/paymentprofile?_limit=100');
      const before = profiles.find((p) => typeof p.routing.card === 'string');
      expect(before, 'a demo profile with a card routing tree').toBeDefined();
      await page.goto('/paymentprofiles');
      await page.locator('.ant-table-row').filter({ hasText: before!.name }).first().click();
      const description = unique(en ? 'Webshop checkout' : 'Kassa in de winkel');
      const field = drawer(page).getByLabel(en ? 'Description' : 'Omschrijving', { exact: true });
      await expect.poll(() => field.count(), SLOW).toBe(1);
      await field.fill(description);
      await drawer(page)
        .getByRole('button', { name: en ? 'Save' : 'Opslaan' })
        .click();
      await expect
        .poll(() => bodyText(page), SLOW)
        .toContain(en ? 'The payment profile has been saved' : 'Het betaalprofiel is opgeslagen');
      await screenshot(page, `config-payment-profile-description-${en ? 'en' : 'nl'}`);

      const after = await getJson<RoutedProfile>(page, `/v1/paymentprofile/${before!.id}`);
      expect(after.description).toBe(description);
      expect(after.processors).toEqual(before!.processors);
      expect(after.routing).toEqual(before!.routing);
      // 1,500.00 is above the demo tree's 1,000.00 threshold: its first level's "then".
      const payment = await postJson<{ status: string; decision: { routing: { path: string[] } | null } }>(
        page,
        '/v1/transaction',
        {
          payment_profile: before!.id,
          amount: 150_000,
          payment_product_type: 'card',
          merchant_reference: unique('PROFILE-SAVED'),
          card_number: '5555555555554444',
        },
      );
      expect(payment.decision.routing?.path).toEqual(['then']);
      await context.close();
    }
  }, 180_000);
});
