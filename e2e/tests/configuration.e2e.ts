import { describe, expect, it } from 'vitest';
import { screenshot, type Language } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { bodyText, choose, drawer, openTab, SLOW } from '../support/ui.ts';
import { unique, uniqueIban, uniqueSuffix } from '../support/unique.ts';

const suite = useServerAndBrowser();

const signedIn = (language: Language, email = 'merchant@kassa.test') => signedInAs(suite, email, language);

const getWithKey = (key: string, path: string) =>
  fetch(`${suite.server.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });

describe('API keys', () => {
  it("creates a key in API settings, reads the merchant's transactions with it, and a revoke ends it at once", async () => {
    const keyName = unique('E2E webshop');
    const { context, page } = await signedIn('en-US');
    await page.goto('/apiSettings');
    await expect.poll(() => bodyText(page), SLOW).toContain('API settings');
    await page.getByRole('button', { name: 'New API key' }).click();
    await drawer(page).getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('This field is required');
    await drawer(page).getByLabel('Name', { exact: true }).fill(keyName);
    await choose(page, /^Roles$/, /^TRANSACTION_LIST$/, 'TRANSACTION_LIST');
    await screenshot(page, 'config-api-key-form-en');
    await drawer(page).getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await expect.poll(() => shown.count(), SLOW).toBe(1);
    const key = (await shown.textContent())?.trim() ?? '';
    expect(key).toMatch(/^ksk_/);
    await screenshot(page, 'config-api-key-created-en');
    await page.getByRole('button', { name: 'I have copied the key' }).click();

    const me = await (await page.request.get(`${suite.server.baseUrl}/v1/auth/me`)).json();
    const answer = await getWithKey(key, '/v1/transaction?_limit=50');
    expect(answer.status).toBe(200);
    const rows = (await answer.json()) as { organisation: string }[];
    expect(rows.length).toBeGreaterThan(0);
    const merchantOrgs = (
      (await (await page.request.get(`${suite.server.baseUrl}/v1/organisation?_limit=100`)).json()) as { id: string }[]
    ).map((o) => o.id);
    expect(merchantOrgs).toContain(me.organisation.id);
    for (const row of rows) expect(merchantOrgs).toContain(row.organisation);

    await expect.poll(() => bodyText(page), SLOW).toContain(keyName);
    await page.locator('.ant-table-row').filter({ hasText: keyName }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('Last used');
    await drawer(page).getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('Revoked');
    await screenshot(page, 'config-api-key-revoked-en');
    expect((await getWithKey(key, '/v1/transaction')).status).toBe(401);
    await context.close();

    const nl = await signedIn('nl');
    await nl.page.goto('/apiSettings');
    await expect.poll(() => bodyText(nl.page), SLOW).toContain('API-instellingen');
    await expect.poll(() => bodyText(nl.page), SLOW).toContain('Ingetrokken');
    await screenshot(nl.page, 'config-api-keys-nl');
    await nl.context.close();
  }, 180_000);
});

describe('organisations', () => {
  it('creates a sub-organisation from the tree with the §5 checks, and the organisation selector offers it at once', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const en = language === 'en-US';
      const name = unique(en ? 'E2E Utrecht' : 'E2E Amersfoort');
      const { context, page } = await signedIn(language);
      await page.goto('/organisations');
      const add = page.getByRole('button', { name: en ? 'Add organisation' : 'Organisatie toevoegen' });
      await expect.poll(() => add.count(), SLOW).toBeGreaterThan(1);
      await screenshot(page, `config-organisations-${en ? 'en' : 'nl'}`);
      // The merchant's own 'add' comes last: below it, after its sub-organisations.
      await add.last().click();
      const form = page.getByRole('form');
      await form.getByLabel(en ? 'Name' : 'Naam', { exact: true }).fill(name);
      await form.getByLabel(en ? 'House number' : 'Huisnummer').fill('12a');
      await form.getByLabel(en ? 'E-mail address' : 'E-mailadres').fill('x');
      await form.getByRole('button', { name: en ? 'Save' : 'Opslaan' }).click();
      await expect.poll(() => bodyText(page), SLOW).toContain(en ? 'Only digits' : 'Alleen cijfers');
      await screenshot(page, `config-organisation-form-${en ? 'en' : 'nl'}`);
      await form.getByLabel(en ? 'House number' : 'Huisnummer').fill('12');
      await form.getByLabel(en ? 'E-mail address' : 'E-mailadres').fill('utrecht@zuiderzee.test');
      await form.getByRole('button', { name: en ? 'Save' : 'Opslaan' }).click();
      await expect
        .poll(() => bodyText(page), SLOW)
        .toContain(en ? 'The organisation has been saved' : 'De organisatie is opgeslagen');
      await expect.poll(() => page.locator('.ant-tree').textContent(), SLOW).toContain(name);
      await screenshot(page, `config-organisation-saved-${en ? 'en' : 'nl'}`);
      await page
        .getByRole('combobox', { name: en ? 'Organisation' : 'Organisatie' })
        .first()
        .click();
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').textContent(), SLOW).toContain(name);
      await context.close();
    }
  }, 240_000);
});

describe('payment profiles and processors', () => {
  it('creates a payment profile with two processors and intelligent routing on', async () => {
    const profileName = unique('E2E webshop profile');
    const { context, page } = await signedIn('en-US');
    await page.goto('/paymentprofiles');
    await page.getByRole('button', { name: 'New payment profile' }).click();
    await drawer(page).getByLabel('Name', { exact: true }).fill(profileName);
    await drawer(page).getByLabel('Name', { exact: true }).blur();
    await expect.poll(() => drawer(page).getByLabel('Display name').inputValue(), SLOW).toBe(profileName);
    await drawer(page).getByRole('tab', { name: 'Processors' }).click();
    await choose(page, /^Choose a processor to add$/, /Northwind Acquiring/);
    await drawer(page).getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('The processor has been added');
    await choose(page, /^Choose a processor to add$/, /Polder iDEAL/);
    await drawer(page).getByRole('button', { name: 'Add' }).click();
    await screenshot(page, 'config-payment-profile-processors-en');
    await drawer(page).getByRole('tab', { name: 'Routing' }).click();
    await drawer(page).getByRole('switch').click();
    await expect.poll(() => drawer(page).getByRole('switch').getAttribute('aria-checked'), SLOW).toBe('true');
    await screenshot(page, 'config-payment-profile-routing-en');
    await drawer(page).getByRole('tab', { name: 'Webhooks' }).click();
    await drawer(page).getByLabel('Webhook transaction update', { exact: true }).fill('not a url');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('Enter a valid URL (http or https)');
    await drawer(page)
      .getByLabel('Webhook transaction update', { exact: true })
      .fill('https://zuiderzee.test/hooks/transactions');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: profileName }).count(), SLOW).toBe(1);
    const saved = (
      (await (
        await page.request.get(`${suite.server.baseUrl}/v1/paymentprofile?name=${encodeURIComponent(profileName)}`)
      ).json()) as { processors: string[]; intelligent_routing: boolean; webhook_transaction_update: string }[]
    )[0];
    expect(saved.processors).toHaveLength(2);
    expect(saved.intelligent_routing).toBe(true);
    expect(saved.webhook_transaction_update).toBe('https://zuiderzee.test/hooks/transactions');
    await page.locator('.ant-table-row').filter({ hasText: profileName }).click();
    await openTab(drawer(page), 'Routing');
    await expect.poll(() => drawer(page).getByRole('switch').getAttribute('aria-checked'), SLOW).toBe('true');
    await context.close();

    const nl = await signedIn('nl');
    await nl.page.goto('/paymentprofiles');
    await nl.page.locator('.ant-table-row').filter({ hasText: profileName }).click();
    await openTab(drawer(nl.page), 'Processors');
    await expect.poll(() => drawer(nl.page).textContent(), SLOW).toContain('Polder iDEAL');
    await screenshot(nl.page, 'config-payment-profile-processors-nl');
    await nl.context.close();
  }, 180_000);

  it('shows processors with their credentials only as a hint to provider staff', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { context, page } = await signedIn(language, 'admin@kassa.test');
      await page.goto('/psp/processors');
      await page.locator('.ant-table-row').filter({ hasText: 'Northwind Acquiring' }).click();
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain('••••');
      expect(await bodyText(page)).not.toContain('KASSA-DEMO-NORTHWIND');
      await screenshot(page, `config-processor-${language === 'nl' ? 'nl' : 'en'}`);
      await context.close();
    }
  }, 120_000);
});

describe('checkout designs', () => {
  it('creates a checkout design whose live preview follows its colours, products and number format', async () => {
    for (const language of ['en-US', 'nl'] as const) {
      const en = language === 'en-US';
      const designName = unique(`E2E design ${language}`);
      const { context, page } = await signedIn(language);
      await page.goto('/checkout-designs');
      await page.getByRole('button', { name: en ? 'New checkout design' : 'Nieuw betaalpaginaontwerp' }).click();
      const preview = page.frameLocator(
        `iframe[title="${en ? 'Preview of the payment page' : 'Voorbeeld van de betaalpagina'}"]`,
      );
      const header = preview.getByTestId('checkout-preview-header');
      const colourOf = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
      await expect.poll(colourOf, SLOW).toBe('rgb(200, 16, 46)');
      await page.getByLabel(en ? 'Name' : 'Naam', { exact: true }).fill(designName);
      // The header colour's picker: type a hex value in its popover.
      await page
        .locator('.ant-form-item')
        .filter({ hasText: en ? 'Header colour' : 'Kleur kopbalk' })
        .locator('.ant-color-picker-trigger')
        .first()
        .click();
      const hex = page.locator('.ant-popover:visible .ant-color-picker-hex-input input');
      await hex.fill('1d6f42');
      await hex.press('Enter');
      await expect.poll(colourOf, SLOW).toBe('rgb(29, 111, 66)');
      await page.keyboard.press('Escape');
      await expect.poll(() => preview.getByTestId('checkout-preview-amount').textContent(), SLOW).toBe('€1,249.50');
      await page
        .locator('.ant-form-item')
        .filter({ hasText: en ? 'Number format' : 'Getalnotatie' })
        .locator('.ant-select')
        .click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'nl_NL' }).click();
      await expect
        .poll(() => preview.getByTestId('checkout-preview-amount').textContent(), SLOW)
        .toMatch(/€\s?1\.249,50/);
      await page.getByRole('button', { name: en ? 'Move iDEAL up' : 'iDEAL omhoog' }).click();
      await expect.poll(() => preview.locator('.kassa-checkout-product').first().textContent(), SLOW).toBe('iDEAL');
      await screenshot(page, `config-checkout-design-${en ? 'en' : 'nl'}`);
      await page.getByRole('button', { name: en ? 'Save' : 'Opslaan' }).click();
      await expect
        .poll(() => bodyText(page), SLOW)
        .toContain(en ? 'The checkout design has been saved' : 'Het ontwerp is opgeslagen');
      await expect.poll(() => page.url(), SLOW).toMatch(/\/checkout-designs\/cd_/);
      const saved = (await (
        await page.request.get(`${suite.server.baseUrl}/v1/checkoutdesign?name=${encodeURIComponent(designName)}`)
      ).json()) as { header_color: string; payment_product_order: string[]; number_format: string }[];
      expect(saved[0]).toMatchObject({ header_color: '#1d6f42', number_format: 'nl_NL' });
      expect(saved[0].payment_product_order[0]).toBe('ideal');
      await context.close();
    }
  }, 240_000);
});

describe('imports', () => {
  it('imports a customers CSV with one bad row: the row is reported with its reason and the rest is imported', async () => {
    for (const language of ['en-US', 'nl'] as const) {
      const en = language === 'en-US';
      const { context, page } = await signedIn(language, 'admin@kassa.test');
      await page.goto('/psp/imports');
      await page.getByRole('button', { name: en ? 'New import' : 'Nieuwe import' }).click();
      await choose(page, en ? /^What to import$/ : /^Wat importeren$/, en ? /^Customers$/ : /^Klanten$/);
      await choose(page, /^Merchant$/, /Zuiderzee Fietsen B\.V\./, 'Zuiderzee');
      // Addresses of this attempt's own: a retry imports into the same server.
      const prefix = `e2e-${language}-${uniqueSuffix()}`;
      const csv = [
        'email_address,first_name,last_name,country_code',
        `${prefix}-1@example.com,Eva,Visser,NL`,
        'not-an-address,Bad,Row,NL',
        `${prefix}-2@example.com,Frank,Bakker,BE`,
      ].join('\n');
      await drawer(page)
        .locator('input[type=file]')
        .setInputFiles({ name: `customers-${language}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain(`customers-${language}.csv`);
      await drawer(page)
        .getByRole('button', { name: en ? 'Start import' : 'Import starten' })
        .click();
      // The report's rows are there once the import job has run ('Klaar om', finished at, is on the page before).
      await expect
        .poll(() => drawer(page).textContent(), { timeout: 60_000, interval: 500 })
        .toContain('email_address: invalid e-mail address');
      expect(await drawer(page).textContent()).toContain(en ? 'Done' : 'Klaar');
      await expect.poll(() => drawer(page).locator('.ant-table-row').first().textContent(), SLOW).toMatch(/^3/);
      await screenshot(page, `config-import-report-${en ? 'en' : 'nl'}`);
      const customers = (await (
        await page.request.get(`${suite.server.baseUrl}/v1/customer?_search=${prefix}&_search_by=email_address`)
      ).json()) as { email_address: string }[];
      expect(customers.map((c) => c.email_address).sort()).toEqual([
        `${prefix}-1@example.com`,
        `${prefix}-2@example.com`,
      ]);
      await context.close();
    }
  }, 240_000);
});

describe('bank accounts', () => {
  it('refuses a mistyped IBAN and saves a correct one in its grouped form', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const en = language === 'en-US';
      const { context, page } = await signedIn(language);
      await page.goto('/bank-accounts');
      await page.getByRole('button', { name: en ? 'New bank account' : 'Nieuwe bankrekening' }).click();
      await drawer(page)
        .getByLabel(en ? 'Account holder' : 'Rekeninghouder')
        .fill('Zuiderzee Fietsen B.V.');
      await drawer(page).getByLabel('IBAN').fill('NL92 ABNA 0417 1643 00');
      await drawer(page)
        .getByRole('button', { name: en ? 'Save' : 'Opslaan' })
        .click();
      await expect
        .poll(() => drawer(page).textContent(), SLOW)
        .toContain(en ? 'This IBAN is not valid' : 'Dit IBAN is niet geldig');
      await screenshot(page, `config-bank-account-form-${en ? 'en' : 'nl'}`);
      // An IBAN is unique per merchant: one of this attempt's own, typed grouped (en) or bare in lower case (nl).
      const iban = en ? uniqueIban('GB', 'BUKB202015') : uniqueIban('NL', 'ABNA');
      await drawer(page)
        .getByLabel('IBAN')
        .fill(en ? iban.grouped : iban.electronic.toLowerCase());
      await drawer(page)
        .getByRole('button', { name: en ? 'Save' : 'Opslaan' })
        .click();
      await expect.poll(() => page.locator('.ant-table').textContent(), SLOW).toContain(iban.grouped);
      await screenshot(page, `config-bank-accounts-${en ? 'en' : 'nl'}`);
      await context.close();
    }
  }, 180_000);
});
