import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot, type Language } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, drawer, openTab, SLOW } from '../support/ui.ts';

// A merchant's read-only view of the reconciliation exceptions about its own payments (issue 34 item 4).
const suite = useServerAndBrowser();

type Row = { id: string; name?: string; amount?: number };
type Tx = Row & { merchant_reference: string; created_at: string; currency_code: string; processor: string };

const TEXTS = {
  'en-US': {
    tab: 'Reconciliation with the acquirer',
    link: 'Show these differences in the list',
    title: 'Reconciliation differences',
    fee: 'Fee difference',
    decisions: /^(Resolve|Assign to me|Investigate|Write off|Approve write-off)$/,
    payout: 'Payout',
    columns: ['Matched', 'Not matched', 'Fee deviation'],
    report: 'Settlement report',
  },
  nl: {
    tab: 'Afstemming met de acquirer',
    link: 'Toon deze verschillen in de lijst',
    title: 'Reconciliatieverschillen',
    fee: 'Afwijkende kosten',
    decisions: /^(Oplossen|Aan mij toewijzen|Onderzoeken|Afschrijven|Afschrijving goedkeuren)$/,
    payout: 'Uitbetaling',
    columns: ['Afgestemd', 'Niet afgestemd', 'Afwijking kosten'],
    report: 'Uitbetalingsrapport',
  },
} as const;

describe('reconciliation exceptions for the merchant', () => {
  it('a merchant follows its payout’s differences to its read-only list of exceptions, by keyboard, and finds the list in its menu (en, nl)', async () => {
    // Provider finance imports an acquirer file for a payout of Zuiderzee: one payment's interchange is two cents high.
    const admin = await signedInAs(suite, 'admin@kassa.test', 'en-US');
    const processors = await getJson<Row[]>(admin.page, '/v1/processor?_limit=100');
    const northwind = processors.find((p) => p.name === 'Northwind Acquiring')!;
    const settlements = await getJson<Row[]>(admin.page, '/v1/settlement-report?_limit=40&_sort=created_at');
    const merchant = await signedInAs(suite, 'merchant@kassa.test', 'en-US');
    const own = await getJson<Row[]>(merchant.page, '/v1/settlement-report?_limit=40&_sort=created_at');
    expect(own.length).toBeGreaterThan(0);
    let chosen: { id: string; payment: Tx } | undefined;
    for (const s of own) {
      const items = await getJson<{ source: string }[]>(
        admin.page,
        `/v1/settlement-item?settlement=${s.id}&kind=payment&_limit=30`,
      );
      for (const item of items) {
        const t = await getJson<Tx>(admin.page, `/v1/transaction/${encodeURIComponent(item.source)}`);
        if (t.processor === northwind.id && t.currency_code === 'EUR') {
          chosen = { id: s.id, payment: t };
          break;
        }
      }
      if (chosen) break;
    }
    expect(chosen, `a Zuiderzee payout with a Northwind payment among ${settlements.length}`).toBeDefined();
    const { payment } = chosen!;
    const amount = Number(payment.amount);
    const interchange = Math.floor((amount * 20 + 5000) / 10000) + 2;
    const scheme = Math.floor((amount * 5 + 5000) / 10000);
    const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
    const day = payment.created_at.slice(0, 10);
    await postJson(admin.page, '/v1/psp/settlementfile', {
      processor_settlement: processors.find((p) => p.name === 'Northwind settlement reports')!.id,
      file_name: `e2e-merchant-${Date.now()}.csv`,
      content: [
        'record_type,batch_number,settlement_date,acquirer_reference,merchant_reference,transaction_date,currency,gross_amount,interchange,scheme_fee,markup,net_amount',
        `PAYMENT,9200,${day},,${payment.merchant_reference},${day},EUR,${money(amount)},${money(interchange)},${money(scheme)},0.10,${money(amount - interchange - scheme - 10)}`,
      ].join('\n'),
    });
    await admin.context.close();
    await merchant.context.close();

    for (const language of ['en-US', 'nl'] as Language[]) {
      const text = TEXTS[language as keyof typeof TEXTS];
      const short = language === 'nl' ? 'nl' : 'en';
      const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
      // In the menu (merchant finance).
      await page.locator('nav .ant-menu-root').waitFor();
      await expect.poll(() => page.locator('nav a[href="/report/reconciliation-exceptions"]').count(), SLOW).toBe(1);
      // The settlement report per period: items matched and not matched by the acquirer's files, and the fee deviation.
      await page.goto('/report/settlement');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe(text.report);
      await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
      for (const name of text.columns)
        expect(await page.getByRole('columnheader', { name, exact: true }).count(), name).toBe(1);
      await animationsDone(page);
      await screenshot(page, `settlement-report-reconciled-${short}`);
      expect(await seriousViolations(page, `settlement-report-reconciled-${short}`)).toEqual([]);
      await page.goto(`/report/settlement?open=${encodeURIComponent(chosen!.id)}`);
      const panel = drawer(page);
      await openTab(panel, text.tab, panel.getByTestId('payout-difference'));
      const link = panel.getByRole('link', { name: text.link });
      await expect.poll(() => link.count(), SLOW).toBe(1);
      // By keyboard: the link takes focus and Enter follows it.
      await link.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/report/reconciliation-exceptions');
      expect(new URL(page.url()).searchParams.get('settlement')).toBe(chosen!.id);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe(text.title);
      await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
      const rows = (await page.locator('.ant-table-tbody').textContent()) ?? '';
      expect(rows).toContain(text.fee);
      expect(rows).toContain(payment.merchant_reference);
      // Read-only: no decision anywhere, and not the provider's owner column.
      expect(await page.getByRole('button', { name: text.decisions }).count()).toBe(0);
      expect(await page.getByRole('columnheader', { name: /^(Owner|Eigenaar)$/ }).count()).toBe(0);
      await animationsDone(page);
      await screenshot(page, `reconciliation-merchant-list-${short}`);
      expect(await seriousViolations(page, `reconciliation-merchant-list-${short}`)).toEqual([]);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

      await page.locator('.ant-table-row').filter({ hasText: payment.merchant_reference }).first().click();
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain(chosen!.id);
      expect(await drawer(page).textContent()).toContain(text.payout);
      expect(await drawer(page).getByRole('button', { name: text.decisions }).count()).toBe(0);
      await animationsDone(page);
      await screenshot(page, `reconciliation-merchant-detail-${short}`);
      expect(await seriousViolations(page, `reconciliation-merchant-detail-${short}`, '.ant-drawer')).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
