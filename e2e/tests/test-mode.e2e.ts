import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { newContext, screenshot, screenshotDir, type Language } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, drawer, openTab, SLOW } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

const suite = useServerAndBrowser();

/** What a person reads on the screens, per language. */
const words = {
  'en-US': {
    testMode: 'Test mode',
    banner: 'Test mode — you are viewing test data.',
    newLink: 'New payment link',
    profile: /^Payment profile$/,
    amount: 'Amount',
    reference: 'Reference',
    create: 'Create',
    pay: /^Pay /,
    paid: /been paid|successful/i,
    testCards: 'Test cards',
    copy: /^Copy 4242424242424242$/,
    deleteAll: 'Delete all test data',
    confirmName: 'Organisation name',
    confirm: 'Delete test data',
    started: /Deleting has started \(job /,
    empty: 'No results for these filters',
    insufficientFunds: 'Insufficient funds',
    webhooks: 'Webhooks',
    testUrl: 'Test-mode webhook transaction update',
    testHint: /Test mode: webhooks of test data go to these URLs/,
    save: 'Save',
    saved: 'The payment profile has been saved',
  },
  nl: {
    testMode: 'Testmodus',
    banner: 'Testmodus — je ziet testgegevens.',
    newLink: 'Nieuwe betaallink',
    profile: /^Betaalprofiel$/,
    amount: 'Bedrag',
    reference: 'Referentie',
    create: 'Aanmaken',
    pay: / betalen$/,
    paid: /is betaald|geslaagd/i,
    testCards: 'Testkaarten',
    copy: /^4242424242424242 kopiëren$/,
    deleteAll: 'Alle testgegevens verwijderen',
    confirmName: 'Naam van de organisatie',
    confirm: 'Testgegevens verwijderen',
    started: /Het verwijderen is gestart \(taak /,
    empty: 'Geen resultaten voor deze filters',
    insufficientFunds: 'Onvoldoende saldo',
    webhooks: 'Webhooks',
    testUrl: 'Testmodus-webhook transactie-update',
    testHint: /Testmodus: webhooks van testgegevens gaan naar deze URL's/,
    save: 'Opslaan',
    saved: 'Het betaalprofiel is opgeslagen',
  },
} as const;

type Me = { mode: 'live' | 'test'; organisation: { id: string; name: string } };
type Row = { id: string; merchant_reference: string | null; mode?: string };

const dialog = (page: Page) => page.locator('.ant-modal:visible').last();
const rows = (page: Page) => page.locator('.ant-table-row');

/** Flips the header's switch from the keyboard and waits until the server's answer shows. */
const switchMode = async (page: Page, testMode: string, on: boolean) => {
  const control = page.getByRole('switch', { name: testMode });
  await control.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => control.getAttribute('aria-checked'), SLOW).toBe(String(on));
  await expect.poll(async () => (await getJson<Me>(page, '/v1/auth/me')).mode, SLOW).toBe(on ? 'test' : 'live');
};

/** The transactions list filtered to one merchant reference, as a person types it into the URL. */
const transactionsWith = async (page: Page, reference: string) => {
  await page.goto(`/transactions?merchant_reference=${encodeURIComponent(reference)}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return rows(page);
};

const pickOption = async (page: Page, field: Locator, option: RegExp) => {
  await field.click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await item.waitFor({ state: 'visible', timeout: 20_000 });
  await item.click();
};

describe.each(['en-US', 'nl'] as const)('test mode in %s', (language: Language) => {
  const w = words[language];

  it('switches to test data with a banner, pays a test link on the hosted page and finds it absent from live', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
    // The choice is kept per user: a retry starts from live whatever the first attempt left.
    await postJson(page, '/v1/auth/mode', { mode: 'live' });
    await page.reload();
    const [live] = await getJson<Row[]>(page, '/v1/transaction?_limit=1&_sort=-created_at');
    expect(live).toBeDefined();

    // Live: no banner; the switch is off.
    await page.goto('/transactions');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const control = page.getByRole('switch', { name: w.testMode });
    expect(await control.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText(w.banner).count()).toBe(0);

    // Test mode: the banner shows on this page and the next, and the list holds only test payments.
    await switchMode(page, w.testMode, true);
    await page.getByText(w.banner).waitFor();
    await animationsDone(page);
    await screenshot(page, `test-mode-banner-${language}`);
    await page
      .locator('header')
      .first()
      .screenshot({ path: join(screenshotDir, `test-mode-switch-${language}.png`) });
    expect(await seriousViolations(page, `test mode banner ${language}`)).toEqual([]);
    const testRows = await getJson<Row[]>(page, '/v1/transaction?_limit=100');
    expect(testRows.map((row) => row.id)).not.toContain(live.id);
    expect(testRows.filter((row) => row.mode !== undefined && row.mode !== 'test')).toEqual([]);
    await transactionsWith(page, live.merchant_reference ?? live.id);
    await page.getByText(w.empty).waitFor();
    await page.getByText(w.banner).waitFor();

    // A test payment link, made on the payment links screen and paid on the hosted page.
    const reference = unique(`TEST-MODE-${language}`);
    await page.goto('/payment-links');
    await page.getByRole('button', { name: w.newLink }).click();
    const create = dialog(page);
    await pickOption(page, create.getByLabel(w.profile), /EUR/);
    await create.getByLabel(w.amount, { exact: true }).fill(language === 'nl' ? '12,34' : '12.34');
    await create.getByLabel(w.reference, { exact: true }).fill(reference);
    await create.getByRole('button', { name: w.create, exact: true }).click();
    await create.waitFor({ state: 'hidden', timeout: 20_000 });
    const [link] = await getJson<{ url: string; mode?: string }[]>(
      page,
      `/v1/payment-link?merchant_reference=${encodeURIComponent(reference)}`,
    );
    expect(link).toBeDefined();
    const customer = await newContext(suite.browser, suite.server.baseUrl, language);
    const shop = await customer.newPage();
    await shop.goto(link.url);
    await shop.getByLabel(language === 'nl' ? 'Kaartnummer' : 'Card number').fill('4242 4242 4242 4242');
    await shop.getByRole('button', { name: w.pay }).click();
    await shop.getByText(w.paid).first().waitFor({ timeout: 30_000 });
    await customer.close();
    await expect.poll(async () => (await transactionsWith(page, reference)).count(), SLOW).toBe(1);
    await expect.poll(() => rows(page).first().textContent(), SLOW).toContain(reference);

    // Back to live: the banner goes, and the test payment is absent from the live list.
    await switchMode(page, w.testMode, false);
    expect(await page.getByText(w.banner).count()).toBe(0);
    await transactionsWith(page, reference);
    await page.getByText(w.empty).waitFor();
    expect(await rows(page).count()).toBe(0);
    expect(await getJson<Row[]>(page, `/v1/transaction?merchant_reference=${encodeURIComponent(reference)}`)).toEqual(
      [],
    );

    await context.close();
  }, 600_000);

  it('keeps a separate test URL for webhooks on a payment profile', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
    const [profile] = await getJson<{ id: string }[]>(page, '/v1/paymentprofile?_limit=1');
    await page.goto(`/paymentprofiles?open=${profile.id}`);
    const panel = drawer(page);
    await openTab(panel, w.webhooks, panel.getByLabel(w.testUrl));
    const url = `https://test-hooks.example.com/${language}`;
    await panel.getByLabel(w.testUrl).fill(url);
    await panel.getByText(w.testHint).waitFor();
    await panel.getByRole('button', { name: w.save }).click();
    await panel.getByText(w.saved).waitFor({ timeout: 20_000 });
    await animationsDone(page);
    await screenshot(page, `test-mode-webhook-urls-${language}`);
    expect(await seriousViolations(page, `test webhook URLs ${language}`)).toEqual([]);
    const saved = await getJson<{ test_webhook_transaction_update: string | null }>(
      page,
      `/v1/paymentprofile/${profile.id}`,
    );
    expect(saved.test_webhook_transaction_update).toBe(url);
    await context.close();
  }, 300_000);

  it('shows test-mode statistics on the transactions dashboard', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
    await postJson(page, '/v1/auth/mode', { mode: 'test' });
    const total = await getJson<{ count: number }>(page, '/v1/transaction/aggregate/total');
    expect(total.count).toBeGreaterThan(0);
    await page.goto('/dashboards/transactions');
    await page.getByText(w.banner).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('canvas, svg').first().waitFor({ timeout: 30_000 });
    await animationsDone(page);
    await screenshot(page, `test-mode-dashboard-${language}`);
    await postJson(page, '/v1/auth/mode', { mode: 'live' });
    await context.close();
  }, 300_000);

  it('lists the test cards under Developers with a copy button per card', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
    await postJson(page, '/v1/auth/mode', { mode: 'test' });
    await page.goto('/test-cards');
    await page.getByText(w.banner).waitFor();
    // One h1, a copy button per card, the amounts' outcomes in words.
    await page.getByRole('heading', { level: 1, name: w.testCards }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByRole('button', { name: w.copy }).waitFor();
    await page.locator('.ant-table-row').filter({ hasText: w.insufficientFunds }).first().waitFor();
    await animationsDone(page);
    await screenshot(page, `test-mode-test-cards-${language}`);
    expect(await seriousViolations(page, `test cards ${language}`)).toEqual([]);

    await context.close();
  }, 300_000);

  it('deletes all test data of the organisation after its name is typed, as a job', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
    const me = await getJson<Me>(page, '/v1/auth/me');
    await page.goto(`/organisations?id=${me.organisation.id}`);
    await page.getByRole('button', { name: w.deleteAll }).click();
    const confirm = dialog(page);
    const ok = confirm.getByRole('button', { name: w.confirm });
    await confirm.getByLabel(w.confirmName).fill('not the name');
    expect(await ok.isDisabled()).toBe(true);
    await confirm.getByLabel(w.confirmName).fill(me.organisation.name);
    await expect.poll(() => ok.isDisabled(), SLOW).toBe(false);
    await animationsDone(page);
    await screenshot(page, `test-mode-delete-dialog-${language}`);
    expect(await seriousViolations(page, `delete test data dialog ${language}`)).toEqual([]);
    await ok.click();
    await page.getByText(w.started).waitFor({ timeout: 20_000 });
    await context.close();
  }, 300_000);
});
