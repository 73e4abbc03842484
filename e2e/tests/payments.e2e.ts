import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { getJson as api, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { openTab } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

const suite = useServerAndBrowser();

const signedIn = (email: string) => signedInAs(suite, email, 'en-US');

type Tx = {
  id: string;
  merchant_reference: string;
  amount: number;
  refunded_amount: number;
  currency_code: string;
  status: string;
};
const money = (minor: number, currency = 'EUR') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
/** How the English interface shows a typed amount after blur: 1,234.50 */
const typed = (minor: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);

describe('refunding as the merchant', () => {
  it('filters, refunds part of a transaction, sees it in /refunds, gets the remainder as default and a clear refusal above it', async () => {
    const { page, context } = await signedIn('merchant@kassa.test');

    // Filter by status and date the way a person does: the status select and a date preset.
    await page.goto('/transactions');
    await page.waitForURL((url) => url.searchParams.has('created_at>'));
    await page.getByRole('combobox', { name: 'Status' }).click();
    // 28 statuses: the list is virtual, so type to find the one wanted, as a person would.
    await page.keyboard.type('Settlement completed');
    await page.locator('.ant-select-item-option', { hasText: /^Settlement completed$/ }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.getAll('status[]').includes('SETTLEMENT_COMPLETED'));
    await page.locator('.ant-table-row').first().waitFor();
    // Open the period picker and take its preset; a re-render of the list can close the picker
    // under the click, so try again the way a person would until the URL carries the range.
    const hasRange = () => new URL(page.url()).searchParams.has('created_at<');
    await expect
      .poll(
        async () => {
          if (hasRange()) return true;
          await page.getByRole('textbox', { name: 'Period' }).first().click();
          const preset = page.locator('.ant-picker-presets li', { hasText: /^Last 90 days$/ });
          if (await preset.isVisible()) await preset.click();
          return hasRange();
        },
        { timeout: 30_000, interval: 750 },
      )
      .toBe(true);
    const filtered = page.url();

    // A reload keeps the filter: same URL, same status shown in the filter and in every row.
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    expect(page.url()).toBe(filtered);
    await expect
      .poll(() => page.locator('.ant-select-selection-item', { hasText: 'Settlement completed' }).count())
      .toBeGreaterThan(0);
    const statuses = await page.locator('.ant-table-row .ant-tag').allTextContents();
    expect(statuses.filter((text) => /settlement/i.test(text)).every((text) => text === 'Settlement completed')).toBe(
      true,
    );

    // Open a transaction that has not been refunded in full.
    const rows = page.locator('.ant-table-row');
    let tx: Tx | null = null;
    for (let index = 0; index < (await rows.count()) && !tx; index++) {
      await rows.nth(index).click();
      await page.waitForURL((url) => url.searchParams.has('open'));
      const candidate = await api<Tx>(page, `/v1/transaction/${new URL(page.url()).searchParams.get('open')}`);
      if (candidate.amount - candidate.refunded_amount >= 300) tx = candidate;
      else await page.getByRole('button', { name: 'Close' }).click();
    }
    expect(tx).not.toBeNull();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: 'Refunds' }).waitFor();
    await screenshot(page, 'payments-transaction-detail');

    // Refund part of it from the detail panel; the dialog starts at the remaining amount.
    const remaining = tx!.amount - tx!.refunded_amount;
    const part = Math.floor(remaining / 3);
    await drawer.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add refund' });
    await expect.poll(() => dialog.getByLabel('Amount').inputValue()).toBe(typed(remaining));
    await dialog.getByLabel('Amount').fill(typed(part));
    // A reason of this attempt's own: a retry may refund the same transaction again.
    const reason = unique('Partial refund from the browser test');
    await dialog.getByLabel('Reason (optional)').fill(reason);
    await dialog.getByRole('button', { name: 'Refund' }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await openTab(drawer, 'Refunds', drawer.getByText(reason));
    const after = await api<Tx>(page, `/v1/transaction/${tx!.id}`);
    // A double click sends one Idempotency-Key: exactly one refund of `part`.
    expect(after.refunded_amount).toBe(tx!.refunded_amount + part);

    // The refund appears in /refunds with the transaction amount and the refund amount.
    await page.goto('/refunds');
    const newest = page.locator('.ant-table-row').first();
    await newest.waitFor();
    await expect.poll(() => newest.textContent()).toContain(tx!.merchant_reference);
    const text = (await newest.textContent()) ?? '';
    expect(text).toContain(money(tx!.amount, tx!.currency_code));
    expect(text).toContain(money(part, tx!.currency_code));
    expect(text).toContain(reason);
    await screenshot(page, 'payments-refunds');

    // Add refund for the same transaction: the default is now the remainder.
    await page.getByRole('button', { name: 'Add refund' }).click();
    const add = page.getByRole('dialog', { name: 'Add refund' });
    await add.getByRole('combobox', { name: 'Transaction' }).fill(tx!.merchant_reference);
    await page.locator('.ant-select-item-option', { hasText: tx!.merchant_reference }).first().click();
    const remainder = remaining - part;
    await expect.poll(() => add.getByLabel('Amount').inputValue()).toBe(typed(remainder));

    // More than the remainder is refused, with the reason on the amount field.
    await add.getByLabel('Amount').fill(typed(remainder + 100));
    await add.getByRole('button', { name: 'Refund' }).click();
    const fieldError = add.locator('.ant-form-item-explain-error');
    await expect
      .poll(() => fieldError.textContent())
      .toBe(`This is more than can still be refunded: at most ${money(remainder, tx!.currency_code)}`);
    await screenshot(page, 'payments-refund-refused');
    expect((await api<Tx>(page, `/v1/transaction/${tx!.id}`)).refunded_amount).toBe(after.refunded_amount);
    await context.close();
  });
});

describe('the read-only analyst', () => {
  it('has no Add refund button and the API refuses the refund', async () => {
    const { page, context } = await signedIn('analyst@kassa.test');
    await page.goto('/refunds');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('heading', { name: 'Refunds' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add refund' }).count()).toBe(0);
    const [refund] = await api<{ transaction: string }[]>(page, '/v1/refund?_limit=1');
    const status = await page.evaluate(
      (transaction) =>
        fetch('/v1/refund', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ transaction, amount: 1 }),
        }).then((r) => r.status),
      refund.transaction,
    );
    expect(status).toBe(403);
    await context.close();
  });
});
