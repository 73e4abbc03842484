import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot, type Language } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, choose, drawer, openTab, SLOW } from '../support/ui.ts';

// Processor settlement files and reconciliation (issue 34).
const suite = useServerAndBrowser();
const signedIn = (language: Language) => signedInAs(suite, 'admin@kassa.test', language);

type Row = { id: string; name?: string; status?: string; amount?: number };
const DAY = 86_400_000;

describe('reconciliation', () => {
  it('a settlement update imports the acquirer files, payments turn SETTLEMENT_COMPLETED, an uploaded file’s exception is resolved with a reason', async () => {
    const { context, page } = await signedIn('en-US');
    await page.goto('/psp/admin/settlement-updates');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('Settlement updates');
    const processors = await getJson<Row[]>(page, '/v1/processor?_limit=100');
    const northwind = processors.find((p) => p.name === 'Northwind Acquiring')!;
    // The demo's card payments of the last day wait for the acquirer's file; the worker's first
    // import after start-up may already have confirmed them (all but the sandbox's missing ones).
    const requested = await getJson<Row[]>(
      page,
      `/v1/transaction?status=SETTLEMENT_REQUESTED&processor=${northwind.id}&_limit=100`,
    );

    await page.getByRole('button', { name: 'New settlement update' }).click();
    await choose(page, /^Processor settlement$/, /^Northwind settlement reports$/);
    const last = drawer(page).getByLabel('Last', { exact: true });
    await last.click();
    const yesterday = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
    const typed = `${String(yesterday.getUTCMonth() + 1).padStart(2, '0')}/${String(yesterday.getUTCDate()).padStart(2, '0')}/${yesterday.getUTCFullYear()} 00:00`;
    await last.fill(typed);
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    // The detail polls until the worker ran the import, then shows the run's outcome.
    await expect
      .poll(() => drawer(page).getByRole('region', { name: 'Outcome of the run' }).count(), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(1);
    const outcome = (await drawer(page).getByRole('region', { name: 'Outcome of the run' }).textContent()) ?? '';
    expect(outcome).toMatch(/Files\s*\d+\s*Lines\s*\d+\s*Matched\s*\d+\s*Exceptions\s*\d+/);
    await animationsDone(page);
    await screenshot(page, 'reconciliation-settlement-update-outcome-en');

    // The acquirer's money settles the payments: every payment still waiting is confirmed by the
    // file a finance user uploads (matched by merchant reference, amount and day), next to a line for
    // a payment Kassa does not know.
    const waiting = (
      await Promise.all(
        requested.map((t) =>
          getJson<Row & Record<string, string>>(page, `/v1/transaction/${encodeURIComponent(t.id)}`),
        ),
      )
    )
      .filter((t) => t.status === 'SETTLEMENT_REQUESTED')
      .slice(0, 5);
    await page.goto('/psp/reconciliation/files');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('Settlement files');
    await page.getByRole('button', { name: 'Upload a settlement file' }).click();
    await choose(page, /^Processor settlement$/, /^Northwind settlement reports$/);
    const day = new Date().toISOString().slice(0, 10);
    const reference = `e2e_unknown_${Date.now()}`;
    const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
    const content = [
      'record_type,batch_number,settlement_date,acquirer_reference,merchant_reference,transaction_date,currency,gross_amount,interchange,scheme_fee,markup,net_amount',
      `PAYMENT,9001,${day},${reference},nobody-${reference},,EUR,12.34,0.02,0.01,0.10,12.21`,
      ...waiting.map(
        (t) =>
          `PAYMENT,9001,${day},,${t.merchant_reference},${t.created_at.slice(0, 10)},${t.currency_code},${money(Number(t.amount))},0.00,0.00,0.00,${money(Number(t.amount))}`,
      ),
      `PAYOUT,9001,${day},,,,EUR,12.21,0.00,0.00,0.00,12.21`,
    ].join('\n');
    await drawer(page)
      .locator('input[type=file]')
      .setInputFiles({ name: `${reference}.csv`, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await drawer(page).getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => drawer(page).locator('.ant-drawer-title').textContent(), SLOW).toBe(`${reference}.csv`);
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('Unknown payment');
    // A file of a few payments settles them in its import: the detail says when.
    expect(await drawer(page).textContent()).toContain('Payments settled');
    expect(await drawer(page).textContent()).toMatch(
      /The difference is explained by (1 exception|the \d+ exceptions) below\./,
    );
    await animationsDone(page);
    await screenshot(page, 'reconciliation-file-detail-en');
    const after = await Promise.all(
      waiting.map((t) => getJson<Row>(page, `/v1/transaction/${encodeURIComponent(t.id)}`)),
    );
    expect(after.map((t) => t.status)).toEqual(waiting.map(() => 'SETTLEMENT_COMPLETED'));

    // The exception is in the queue; it is resolved with a reason.
    await page.goto(`/psp/reconciliation/exceptions?acquirer_reference=${reference}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW)
      .toBe('Reconciliation exceptions');
    await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBe(1);
    await screenshot(page, 'reconciliation-exceptions-en');
    await page.locator('.ant-table-row').first().click();
    await drawer(page).getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => dialog.getByText('Give a reason').count(), SLOW).toBe(1);
    await dialog.getByLabel('Reason').fill('Test line from the acquirer, confirmed by phone');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect
      .poll(() => drawer(page).textContent(), SLOW)
      .toContain('Test line from the acquirer, confirmed by phone');
    expect(await drawer(page).textContent()).toContain('Resolved');
    await animationsDone(page);
    await screenshot(page, 'reconciliation-exception-resolved-en');
    expect(await seriousViolations(page, 'reconciliation-exception-resolved')).toEqual([]);
    await context.close();

    const nl = await signedIn('nl');
    await nl.page.goto('/psp/reconciliation/exceptions?state[]=resolved');
    await expect
      .poll(() => nl.page.getByRole('heading', { level: 1 }).textContent(), SLOW)
      .toBe('Reconciliatie-uitzonderingen');
    await expect.poll(() => nl.page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
    expect(await nl.page.locator('.ant-table-row').first().textContent()).toContain('Opgelost');
    await screenshot(nl.page, 'reconciliation-exceptions-nl');
    expect(await seriousViolations(nl.page, 'reconciliation-exceptions-nl')).toEqual([]);
    await nl.page.goto('/psp/reconciliation/files');
    await expect.poll(() => nl.page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('Settlementbestanden');
    await expect.poll(() => nl.page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
    await nl.page.locator('.ant-table-row').first().click();
    await expect.poll(() => drawer(nl.page).textContent(), SLOW).toContain('Uitbetaald');
    expect(await drawer(nl.page).textContent()).toContain('Betalingen afgewikkeld');
    await animationsDone(nl.page);
    await screenshot(nl.page, 'reconciliation-file-detail-nl');
    expect(await seriousViolations(nl.page, 'reconciliation-file-detail-nl')).toEqual([]);
    await nl.page.goto('/psp/admin/settlement-updates');
    await expect.poll(() => nl.page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
    await nl.page.locator('.ant-table-row').first().click();
    await expect.poll(() => drawer(nl.page).getByRole('region', { name: 'Uitkomst van de run' }).count(), SLOW).toBe(1);
    await animationsDone(nl.page);
    await screenshot(nl.page, 'reconciliation-settlement-update-outcome-nl');
    await nl.context.close();
  }, 180_000);

  it('a payout shows what the acquirer paid in against what was expected, and its difference explained by the exceptions (en, nl)', async () => {
    const { context, page } = await signedIn('en-US');
    await page.goto('/psp/reports/settlement');
    await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
    // A demo payout with card payments through Northwind: an uploaded file of the acquirer reports a
    // few of them, each at its day, one with its interchange a cent too high; the others no file reports.
    const processors = await getJson<Row[]>(page, '/v1/processor?_limit=100');
    const northwind = processors.find((p) => p.name === 'Northwind Acquiring')!;
    const settlements = await getJson<Row[]>(page, '/v1/psp/settlement-report?_limit=40');
    type Item = { source: string; transaction: string | null; kind: string };
    type Tx = Row & { merchant_reference: string; created_at: string; currency_code: string; processor: string };
    let chosen: { id: string; payments: Tx[] } | undefined;
    for (const s of settlements) {
      const items = await getJson<Item[]>(page, `/v1/settlement-item?settlement=${s.id}&kind=payment&_limit=30`);
      if (items.length < 2) continue;
      const payments = (
        await Promise.all(items.map((i) => getJson<Tx>(page, `/v1/transaction/${encodeURIComponent(i.source)}`)))
      ).filter((t) => t.processor === northwind.id && t.currency_code === 'EUR');
      if (payments.length >= 2) {
        chosen = { id: s.id, payments: payments.slice(0, 6) };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const fee = (amount: number) => ({
      interchange: Math.floor((amount * 20 + 5000) / 10000),
      scheme: Math.floor((amount * 5 + 5000) / 10000),
      markup: 10,
    });
    const money = (minor: number) =>
      `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
    const lines = chosen!.payments.map((t, index) => {
      const amount = Number(t.amount);
      const f = fee(amount);
      const interchange = f.interchange + (index === 0 ? 1 : 0);
      const day = t.created_at.slice(0, 10);
      return `PAYMENT,9100,${day},,${t.merchant_reference},${day},EUR,${money(amount)},${money(interchange)},${money(f.scheme)},${money(f.markup)},${money(amount - interchange - f.scheme - f.markup)}`;
    });
    const content = [
      'record_type,batch_number,settlement_date,acquirer_reference,merchant_reference,transaction_date,currency,gross_amount,interchange,scheme_fee,markup,net_amount',
      ...lines,
    ].join('\n');
    await postJson(page, '/v1/psp/settlementfile', {
      processor_settlement: processors.find((p) => p.name === 'Northwind settlement reports')!.id,
      file_name: `e2e-payout-${Date.now()}.csv`,
      content,
    });
    const shown = async (p: typeof page, tab: string, language: 'en' | 'nl') => {
      await p.goto(`/psp/reports/settlement?open=${encodeURIComponent(chosen!.id)}`);
      const panel = drawer(p);
      await openTab(panel, tab, panel.getByTestId('payout-difference'));
      await expect.poll(() => panel.getByTestId('payout-explained').count(), SLOW).toBe(1);
      const minor = (text: string | null) => Number((text ?? '').replace(/[^\d-−]/g, '').replace('−', '-'));
      const difference = minor(await panel.getByTestId('payout-difference').textContent());
      // The fee a cent too high is one of the differences; the rows' effects add up to the difference.
      expect(difference).not.toBe(0);
      expect(minor(await panel.getByTestId('payout-explained').textContent())).toBe(difference);
      await animationsDone(p);
      await screenshot(p, `reconciliation-payout-${language}`);
      expect(await seriousViolations(p, `reconciliation-payout-${language}`, '.ant-drawer')).toEqual([]);
      return (await panel.getByTestId('payout-reconciliation').textContent()) ?? '';
    };
    const en = await shown(page, 'Reconciliation with the acquirer', 'en');
    expect(en).toContain('Fee difference');
    expect(en).toContain('Paid in by the acquirer');
    // The dashboard: the day's match rate and the fees against the cost scheme per acquirer.
    await page.goto('/psp/reconciliation/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW)
      .toBe('Reconciliation dashboard');
    await expect
      .poll(() => page.getByTestId('reconciliation-match-rate').locator('.ant-table-row').count(), SLOW)
      .toBeGreaterThan(0);
    expect(await page.getByTestId('reconciliation-match-rate').textContent()).toMatch(/Northwind settlement reports/);
    await animationsDone(page);
    await screenshot(page, 'reconciliation-dashboard-en');
    expect(await seriousViolations(page, 'reconciliation-dashboard-en')).toEqual([]);
    await context.close();

    const nl = await signedIn('nl');
    const text = await shown(nl.page, 'Afstemming met de acquirer', 'nl');
    expect(text).toContain('Afwijkende kosten');
    expect(text).toContain('Ontvangen van de acquirer');
    await nl.page.goto('/psp/reconciliation/dashboard');
    await expect
      .poll(() => nl.page.getByRole('heading', { level: 1 }).textContent(), SLOW)
      .toBe('Reconciliatie-overzicht');
    await expect
      .poll(() => nl.page.getByTestId('reconciliation-match-rate').locator('.ant-table-row').count(), SLOW)
      .toBeGreaterThan(0);
    expect(await nl.page.textContent('body')).toContain('Afwijkende kosten');
    await animationsDone(nl.page);
    await screenshot(nl.page, 'reconciliation-dashboard-nl');
    expect(await seriousViolations(nl.page, 'reconciliation-dashboard-nl')).toEqual([]);
    await nl.context.close();
  }, 180_000);
});
