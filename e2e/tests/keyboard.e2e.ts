import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { newContext, screenshot } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';

/**
 * Kassa with the keyboard only (WCAG 2.1.1, 2.4.1, 2.4.7): sign in, skip to the content, open a
 * list from the menu, filter it, open a detail, refund, and pick the dark theme from the user
 * menu. No click and no `fill`: only Tab, arrows, Enter, Escape and typed characters. The detail
 * panel and the refund dialog, which are not routes of their own, get an axe-core audit here.
 */

const suite = useServerAndBrowser();

type Tx = {
  id: string;
  merchant_reference: string;
  amount: number;
  refunded_amount: number;
  currency_code: string;
  status: string;
};
const api = <T>(page: Page, path: string) => page.evaluate((p) => fetch(p).then((r) => r.json()), path) as Promise<T>;

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a person would; at most `limit` times. */
const tabTo = async (page: Page, target: Locator, { back = false, limit = 60 } = {}) => {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reached ${String(target)} with the keyboard`).toBe(true);
};

/** The focused element shows a ring: an outline or a box shadow (WCAG 2.4.7). */
const focusRingOf = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1
      ? `outline ${style.outlineColor}`
      : style.boxShadow !== 'none'
        ? `shadow ${style.boxShadow}`
        : 'none';
  });

describe('keyboard only', () => {
  it('signs in, skips to the content, filters transactions, opens one and refunds it, and switches to the dark theme', async () => {
    const context = await newContext(suite.browser, suite.server.baseUrl, 'en-US');
    const page = await context.newPage();

    // Sign in: the e-mail field has the focus when the page opens.
    await page.goto('/login');
    await expect.poll(() => isFocused(page.getByLabel('E-mail address'))).toBe(true);
    await page.keyboard.type('merchant@kassa.test');
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type('Kassa-demo-2026!');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The first Tab reaches the skip link, visibly; Enter puts the focus on the content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    expect(await focusRingOf(page)).not.toBe('none');
    await screenshot(page, 'keyboard-skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');

    // Open the transactions from the side menu, back from the content.
    await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Transactions', exact: true }), {
      back: true,
    });
    expect(await focusRingOf(page)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/transactions' && url.searchParams.has('created_at>'));
    await page.locator('.ant-table-row').first().waitFor();

    // A transaction with something left to refund, found by its reference in the search box.
    const since = new URL(page.url()).searchParams.get('created_at>')!;
    const candidates = await api<Tx[]>(
      page,
      `/v1/transaction?status=SETTLEMENT_COMPLETED&created_at%3E=${encodeURIComponent(since)}&_limit=50`,
    );
    const tx = candidates.find(
      (candidate) => candidate.amount - candidate.refunded_amount >= 500 && candidate.merchant_reference,
    );
    expect(tx, 'a refundable demo transaction').toBeDefined();
    await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
    await page.keyboard.type(tx!.merchant_reference);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('_search') === tx!.merchant_reference);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await screenshot(page, 'keyboard-filtered');

    // Open it: the row takes the focus and Enter opens its detail panel.
    const row = page.locator('.ant-table-row').first();
    await tabTo(page, row);
    expect(await focusRingOf(page)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('open') === tx!.id);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Refunds' }).waitFor();
    // The detail panel is not a route of its own, so the page-by-page audit does not see it.
    const drawerProblems = await seriousViolations(page, 'transaction detail panel', '.ant-drawer');
    expect(drawerProblems, drawerProblems.join('\n')).toEqual([]);

    // Refund 5.00 of it from the detail panel.
    await tabTo(page, drawer.getByRole('button', { name: 'Refund' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add refund' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel('Amount'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('5.00');
    await tabTo(page, dialog.getByLabel('Reason (optional)'));
    await page.keyboard.type('Refunded with the keyboard');
    await tabTo(page, dialog.getByRole('button', { name: 'Refund' }));
    await screenshot(page, 'keyboard-refund-dialog');
    const dialogProblems = await seriousViolations(page, 'add refund dialog', '.ant-modal');
    expect(dialogProblems, dialogProblems.join('\n')).toEqual([]);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await api<Tx>(page, `/v1/transaction/${tx!.id}`)).refunded_amount)
      .toBe(tx!.refunded_amount + 500);

    // Close the panel with Escape; the list is still filtered.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('open'));

    // The user menu offers the theme: Dark, remembered after a reload.
    await tabTo(page, page.getByRole('button', { name: /User menu/ }), { back: true });
    await page.keyboard.press('Enter');
    const dark = page.getByRole('menuitem', { name: 'Dark' });
    await dark.waitFor();
    for (let presses = 0; presses < 10 && !(await isFocused(dark)); presses++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'keyboard-dark-theme');

    // The detail panel in the dark theme: tables, tags and tabs still read.
    await tabTo(page, page.locator('.ant-table-row').first());
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('tab', { name: 'Refunds' }).waitFor();
    await screenshot(page, 'keyboard-dark-detail');
    const darkProblems = await seriousViolations(page, 'transaction detail panel, dark', '.ant-drawer');
    expect(darkProblems, darkProblems.join('\n')).toEqual([]);
    await context.close();
  });
});
