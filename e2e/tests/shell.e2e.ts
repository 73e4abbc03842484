import { readFileSync } from 'node:fs';
import { visibleNavigation, type TMe } from '@kassa/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const suite = useServerAndBrowser();

const signedIn = async (email: string, language: Language = 'en-US') => {
  const context = await newContext(suite.browser, suite.server.baseUrl, language);
  const page = await context.newPage();
  await signInThroughPage(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { page, context };
};

const me = (page: Page) => page.evaluate(() => fetch('/v1/auth/me').then((r) => r.json())) as Promise<TMe>;
const api = <T>(page: Page, path: string) => page.evaluate((p) => fetch(p).then((r) => r.json()), path) as Promise<T>;
const menuHrefs = async (page: Page) => {
  await page.locator('nav .ant-menu-root').waitFor();
  const hrefs = await page
    .locator('nav .ant-menu-root a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs.filter((href) => href !== '/' && href !== '/psp');
};

describe('the menu each demo account sees', () => {
  // Account → items that must and must not be in the menu; the whole set must equal the domain table.
  const table: [string, string[], string[]][] = [
    [
      'merchant@kassa.test',
      ['/transactions', '/refunds', '/users', '/organisations', '/share-credentials'],
      ['/processors', '/psp/merchants', '/finance/one-offs'],
    ],
    ['analyst@kassa.test', ['/transactions', '/refunds'], ['/users', '/organisations', '/riskrules', '/psp/merchants']],
    [
      'admin@kassa.test',
      ['/psp/merchants', '/psp/transactions', '/psp/admin/cache', '/psp/audit-trail'],
      ['/psp/sap', '/transactions'],
    ],
    ['support@kassa.test', ['/psp/merchants', '/psp/users'], ['/psp/admin/cache', '/psp/sap']],
  ];
  for (const [email, present, absent] of table) {
    it(`${email} sees exactly what its roles allow`, async () => {
      const { page, context } = await signedIn(email);
      const user = await me(page);
      const hrefs = await menuHrefs(page);
      for (const href of present) expect(hrefs).toContain(href);
      for (const href of absent) expect(hrefs).not.toContain(href);
      const area = user.is_provider ? 'provider' : 'merchant';
      const expected = visibleNavigation({
        roles: user.roles,
        isProvider: user.is_provider,
        modules: [],
        area,
        features: user.features,
      }).map((item) => item.route);
      expect(hrefs.sort()).toEqual(expected.sort());
      await context.close();
    });
  }

  it('sends a forbidden URL typed by hand to /', async () => {
    const { page, context } = await signedIn('analyst@kassa.test');
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('the API documentation', () => {
  it('opens from the menu at /v1/docs and renders under Kassa’s Content-Security-Policy', async () => {
    const { page, context } = await signedIn('analyst@kassa.test');
    await page.locator('nav .ant-menu-root').waitFor();
    const href = await page.locator('nav a', { hasText: 'Documentation' }).first().getAttribute('href');
    expect(href).toBe('/v1/docs');
    const docs = await context.newPage();
    const refused: string[] = [];
    docs.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await docs.goto(href as string);
    await expect.poll(() => docs.locator('.swagger-ui .info .title').textContent()).toContain('Kassa API');
    // Swagger UI renders the operations near the viewport only: the first tag's long description
    // (four eyes) leaves room for a handful, so "some operations rendered" is what can be counted.
    await expect.poll(() => docs.locator('.swagger-ui .opblock').count()).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    await context.close();
  });
});

describe('language switch', () => {
  it('switches every visible string and the number and date formats', async () => {
    const { page, context } = await signedIn('merchant@kassa.test', 'nl');
    await page.goto('/transactions');
    await page.getByRole('heading', { name: 'Transacties' }).waitFor();
    const firstRow = page.locator('.ant-table-row').first();
    await firstRow.waitFor();
    expect(await firstRow.textContent()).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}.*€\s\d{1,3}(\.\d{3})*,\d{2}/);
    await page.getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    expect(await page.locator('.ant-table-row').first().textContent()).toMatch(
      /\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M.*€\d{1,3}(,\d{3})*\.\d{2}/,
    );
    const body = (await page.textContent('body')) ?? '';
    for (const dutch of ['Betalingen', 'Exporteren', 'Zoeken', 'Referentie', 'Bedrag'])
      expect(body).not.toContain(dutch);
    await screenshot(page, 'transactions-en');
    await context.close();
  });
});

describe('provider in a merchant context', () => {
  it('sees only that merchant’s data under psp/merchants/{id}', async () => {
    const { page, context } = await signedIn('admin@kassa.test');
    const merchants = await api<{ id: string; name: string }[]>(page, '/v1/organisation?type=merchant&_sort=name');
    const merchant = merchants.find((m) => m.name.startsWith('Noordlicht'))!;
    const since = new Date(Date.now() - 86_400_000 * 400).toISOString();
    const requests: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/v1/transaction') && requests.push(decodeURIComponent(request.url())),
    );
    await page.goto(`/psp/merchants/${merchant.id}/transactions?created_at>=${since}`);
    await page.locator('.ant-table-row').first().waitFor();
    const { count } = await api<{ count: number }>(
      page,
      `/v1/transaction/count?organisation=${merchant.id}&created_at%3E=${since}`,
    );
    const { count: all } = await api<{ count: number }>(page, `/v1/transaction/count?created_at%3E=${since}`);
    expect(count).toBeLessThan(all);
    await expect
      .poll(async () => (await page.locator('.ant-pagination-total-text').textContent()) ?? '')
      .toContain(`of ${count}`);
    expect(
      requests
        .filter((url) => url.includes('/v1/transaction?'))
        .every((url) => url.includes(`organisation=${merchant.id}`)),
    ).toBe(true);
    await context.close();
  });
});

describe('the transactions list', () => {
  it('redirects a bare URL to one month back', async () => {
    const { page, context } = await signedIn('merchant@kassa.test');
    await page.goto('/transactions');
    await page.waitForURL((url) => url.searchParams.has('created_at>'));
    await context.close();
  });

  it('takes filters from the URL, sorts, pages, keeps column settings over a reload and exports every matching row', async () => {
    const { page, context } = await signedIn('merchant@kassa.test');
    // The page asks only for the fields of the columns shown; showing a hidden column asks for its own.
    const listUrls: string[] = [];
    page.on('request', (request) => {
      if (/\/v1\/transaction\?/.test(request.url())) listUrls.push(decodeURIComponent(request.url()));
    });
    const since = new Date(Date.now() - 86_400_000 * 365).toISOString();
    await page.goto(`/transactions?status[]=SETTLEMENT_COMPLETED&created_at>=${since}`);
    await page.locator('.ant-table-row').first().waitFor();
    const statuses = await page.locator('.ant-table-row [data-status]').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Settlement completed']));

    await page.getByRole('columnheader', { name: /Amount/ }).click();
    await page.waitForURL((url) => url.searchParams.get('_sort') !== null);
    await page.locator('.ant-pagination-next').click();
    await page.waitForURL((url) => url.searchParams.get('_skip') === '25');

    expect(listUrls.length).toBeGreaterThan(0);
    expect(listUrls.filter((url) => url.includes('description'))).toEqual([]);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Processor' }).uncheck();
    const withDescription = page.waitForResponse(
      (response) =>
        /\/v1\/transaction\?/.test(response.url()) && decodeURIComponent(response.url()).includes('description'),
    );
    await page.getByRole('checkbox', { name: 'Description' }).check();
    const rows = (await (await withDescription).json()) as { description?: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => 'description' in row)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Description' }).waitFor();
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Processor' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Description' }).count()).toBe(1);

    const { count } = await api<{ count: number }>(
      page,
      `/v1/transaction/count?status[]=SETTLEMENT_COMPLETED&created_at%3E=${since}`,
    );
    await page.getByRole('button', { name: /Export/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Machine export/ }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(csv[0]).not.toContain('processor.name');
    expect(csv.length - 1).toBe(count);
    await context.close();
  });
});
