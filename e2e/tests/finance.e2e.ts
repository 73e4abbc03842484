import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { pdfLines } from '../support/pdf.ts';
import { screenshot, type Language } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, drawer, SLOW } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

// Issue 16: a pricing scheme made in the browser prices a merchant's settlement run from the
// browser; the settlement's lines add up to its payout; finance stays away from merchants that
// do not collect through Kassa.

const suite = useServerAndBrowser();
const DAY = 86_400_000;

const signedIn = (language: Language, email: string) => signedInAs(suite, email, language);

const api = async (page: Page, method: 'GET' | 'POST', path: string, data?: object) => {
  const response =
    method === 'GET'
      ? await page.request.get(`${suite.server.baseUrl}/v1/${path}`)
      : await page.request.post(`${suite.server.baseUrl}/v1/${path}`, {
          data,
          headers: { origin: suite.server.baseUrl },
        });
  return { status: response.status(), body: await response.json() };
};

/** The amount shown in a cell, as minor units: "€ 1.234,56" and "€1,234.56" both give 123456. */
const minorOf = (text: string) => Number(text.replace(/[^\d-−]/g, '').replace('−', '-'));

const EARNED_LABELS = {
  en: { margin: 'Margin', fee: 'Fees', cost: 'Processing cost', commission: 'Partner commission' },
  nl: { margin: 'Marge', fee: 'Kosten', cost: 'Inkoopkosten', commission: 'Partnercommissie' },
} as const;

/** The provider's settlement report: a demo web shop's settlement (priced with cost and partner schemes) whose margin is fee − cost − commission. */
const providerSettlementReport = async (page: Page, language: 'en' | 'nl') => {
  const labels = EARNED_LABELS[language];
  await page.goto('/psp/reports/settlement');
  await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
  expect(await page.locator('thead').textContent()).toContain(labels.margin);
  await animationsDone(page);
  await screenshot(page, `finance-psp-settlements-${language}`);
  // Zuiderzee's package has a cost and a partner scheme (the demo's online package).
  await page.locator('.ant-table-row').filter({ hasText: 'Zuiderzee' }).first().click();
  const earned = drawer(page);
  await expect.poll(() => earned.getByTestId('settlement-margin').count(), SLOW).toBe(1);
  const cell = async (label: string) =>
    minorOf(
      (await earned
        .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::td[1]')
        .textContent()) ?? '',
    );
  const [fee, cost, commission, margin] = [
    await cell(labels.fee),
    await cell(labels.cost),
    await cell(labels.commission),
    await cell(labels.margin),
  ];
  expect(cost).toBeGreaterThan(0);
  expect(commission).toBeGreaterThan(0);
  expect(margin).toBe(-fee - cost - commission);
  await animationsDone(page);
  await screenshot(page, `finance-psp-settlement-${language}`);
  expect(await seriousViolations(page, 'provider settlement detail', '.ant-drawer')).toEqual([]);
};

describe('finance', () => {
  it('creates a revenue scheme, settles a demo merchant with it and shows lines that add up to the payout (English)', async () => {
    const { context, page } = await signedIn('en-US', 'admin@kassa.test');
    await page.goto('/psp/pricing/revenue');
    // A bare pricing URL gets the spec's default filters.
    await expect.poll(() => page.url(), SLOW).toContain('active=true');
    expect(page.url()).toContain('visible=true');
    await expect.poll(() => bodyText(page), SLOW).toContain('Standaard online');
    await page.getByRole('button', { name: 'New scheme' }).click();
    const form = drawer(page);
    const schemeName = unique('E2E webshop 2026');
    await form.getByLabel('Name', { exact: true }).fill(schemeName);
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByLabel('Fixed amount').fill('0.25');
    await form.getByLabel('Percentage', { exact: true }).fill('1.5');
    await form.getByLabel('Maximum').fill('0.1');
    await form.getByLabel('Minimum').fill('0.2');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('The maximum cannot be lower than the minimum');
    await form.getByLabel('Maximum').fill('');
    await screenshot(page, 'finance-pricing-form-en');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: schemeName }).count(), SLOW).toBe(1);
    await expect.poll(() => bodyText(page), SLOW).toContain('€0.25 + 1.50 %');
    await screenshot(page, 'finance-pricing-en');
    expect(await seriousViolations(page, 'pricing')).toEqual([]);

    // Les Halles collects through Kassa but has no settlement profile yet: give it one on the new scheme.
    const scheme = (await api(page, 'GET', `pricing/revenue?name=${encodeURIComponent(schemeName)}`)).body[0];
    expect(scheme.rules[0]).toMatchObject({ fixed: 25, percentage_bp: 150, maximum: null });
    const merchant = ((await api(page, 'GET', 'organisation?_limit=100')).body as { id: string; name: string }[]).find(
      (o) => o.name === 'Brasserie Les Halles',
    )!;
    // A retry finds the profile (one active per merchant and currency) and the periods settled by its
    // first attempt: it settles again, and the message's count is what was added.
    const [existing] = (await api(page, 'GET', `settlement-profile?organisation=${merchant.id}&active=true`)).body as {
      id: string;
    }[];
    if (!existing) {
      const pkg = await api(page, 'POST', 'package', { name: unique('E2E'), revenue_scheme: scheme.id });
      const [schedule] = (await api(page, 'GET', 'settlement-schedule?interval=weekly')).body;
      const [known] = (await api(page, 'GET', `bankaccount?organisation=${merchant.id}&iban=BE68539007547034`))
        .body as { id: string }[];
      const account = known
        ? { body: known }
        : await api(page, 'POST', 'bankaccount', {
            organisation: merchant.id,
            holder_name: 'Brasserie Les Halles',
            iban: 'BE68539007547034',
          });
      const effective = new Date(Date.now() - 21 * DAY).toISOString().slice(0, 10);
      const profile = await api(page, 'POST', 'settlement-profile', {
        organisation: merchant.id,
        package: pkg.body.id,
        settlement_schedule: schedule.id,
        bank_account: account.body.id,
        effective_from: effective,
      });
      expect(profile.status).toBe(201);
    }
    const settlements = async () =>
      ((await api(page, 'GET', `settlement-report/count?organisation=${merchant.id}`)).body as { count: number }).count;
    const before = await settlements();

    await page.goto(`/psp/merchants/${merchant.id}/report/settlement`);
    await expect.poll(() => bodyText(page), SLOW).toContain('Settlement report');
    await page.getByRole('button', { name: 'Settle now' }).click();
    await expect.poll(() => bodyText(page), SLOW).toMatch(/\d+ settlements created/);
    const created = Number(/(\d+) settlements created/.exec(await bodyText(page))![1]);
    // Three weeks back on a weekly schedule: two or three whole periods, settled once.
    if (before === 0) expect([2, 3]).toContain(created);
    expect(await settlements()).toBe(before + created);
    expect(before + created).toBeGreaterThanOrEqual(2);
    await page.locator('.ant-table-row').first().click();
    const detail = drawer(page);
    await expect.poll(() => detail.getByTestId('lines-total').count(), SLOW).toBe(1);
    await expect
      .poll(async () => minorOf((await detail.getByTestId('lines-total').textContent()) ?? ''), SLOW)
      .not.toBe(0);
    const total = minorOf((await detail.getByTestId('lines-total').textContent()) ?? '');
    expect(minorOf((await detail.getByTestId('settlement-amount').textContent()) ?? '')).toBe(total);
    expect(await detail.textContent()).toContain('Payments');
    await animationsDone(page);
    await screenshot(page, 'finance-settlement-en');
    expect(await seriousViolations(page, 'settlement detail', '.ant-drawer')).toEqual([]);

    // The provider's own report adds what the settlements cost and earned: fee − cost − commission = margin.
    await providerSettlementReport(page, 'en');
    await context.close();
  });

  it('shows provider staff the cost, commission and margin of settlements in Dutch', async () => {
    const { context, page } = await signedIn('nl', 'admin@kassa.test');
    await providerSettlementReport(page, 'nl');
    await context.close();
  });

  it('shows a merchant its settlements in Dutch, and no finance to a merchant without the collecting feature', async () => {
    const { context, page } = await signedIn('nl', 'merchant@kassa.test');
    // The dashboard's payout card shows the latest payout: the newest settlement's total.
    await expect.poll(() => page.getByTestId('payout-amount').count(), SLOW).toBeGreaterThan(0);
    const latestPayout = minorOf((await page.getByTestId('payout-amount').first().textContent()) ?? '');
    await page.goto('/report/settlement');
    await expect.poll(() => bodyText(page), SLOW).toContain('Uitbetalingsrapport');
    await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(3);
    await screenshot(page, 'finance-settlements-nl');
    await page.locator('.ant-table-row').first().click();
    const detail = drawer(page);
    await expect.poll(() => detail.getByTestId('lines-total').count(), SLOW).toBe(1);
    await expect
      .poll(async () => minorOf((await detail.getByTestId('lines-total').textContent()) ?? ''), SLOW)
      .toBe(minorOf((await detail.getByTestId('settlement-amount').textContent()) ?? ''));
    expect(minorOf((await detail.getByTestId('lines-total').textContent()) ?? '')).toBe(latestPayout);
    expect(await detail.textContent()).toContain('Betalingen');
    await animationsDone(page);
    await screenshot(page, 'finance-settlement-nl');
    // The same settlement as a PDF statement: its lines and the same total, in Dutch.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('link', { name: 'PDF downloaden' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^settlement-\d{4}-\d{2}-\d{2}-nl\.pdf$/);
    const lines = await pdfLines((await download.path())!);
    expect(lines).toContain('Uitbetalingsrapport');
    expect(lines.some((line) => line.startsWith('Betalingen '))).toBe(true);
    expect(minorOf(lines.find((line) => line.startsWith('Totaal van de regels'))!)).toBe(latestPayout);
    await page.goto('/report/daily');
    await expect.poll(() => bodyText(page), SLOW).toContain('Totaal');
    await expect.poll(() => page.locator('.ant-spin-blur').count(), SLOW).toBe(0);
    await screenshot(page, 'finance-daily-nl');
    expect(await seriousViolations(page, 'daily report')).toEqual([]);
    await context.close();

    const other = await signedIn('nl', 'mode@kassa.test');
    await expect.poll(() => bodyText(other.page), SLOW).toContain('Transacties');
    expect(await bodyText(other.page)).not.toContain('Uitbetalingsrapport');
    expect((await api(other.page, 'GET', 'settlement-report')).status).toBe(403);
    // Bank accounts are merchant finance too: not in its menu, and refused by the API.
    expect(await other.page.locator('nav a[href="/bank-accounts"]').count()).toBe(0);
    expect((await api(other.page, 'GET', 'bankaccount')).status).toBe(403);
    await other.page.goto('/report/settlement');
    await expect.poll(() => bodyText(other.page), SLOW).not.toContain('Uitbetalingsrapport');
    await other.context.close();
  });
});
