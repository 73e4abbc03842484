import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot, type Language } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, choose, drawer, SLOW } from '../support/ui.ts';

// Provider administration (issue 13): settlement updates, the cache page, push notifications.
const suite = useServerAndBrowser();

const signedIn = (language: Language, email = 'admin@kassa.test') => signedInAs(suite, email, language);

/** The screen in Dutch: a screenshot, and no serious or critical axe violation. */
const checkDutch = async (
  path: string,
  title: string,
  name: string,
  ready: (page: Page) => Promise<unknown> = async () => undefined,
) => {
  const { context, page } = await signedIn('nl');
  await page.goto(path);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe(title);
  await ready(page);
  await screenshot(page, `${name}-nl`);
  expect(await seriousViolations(page, name)).toEqual([]);
  await context.close();
};

describe('provider administration', () => {
  it("moves a settlement's last, waits for the run, and reverses the update with the old last and no run", async () => {
    const { context, page } = await signedIn('en-US');
    await page.goto('/psp/admin/settlement-updates');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('Settlement updates');
    // A retried test finds the rows of its first attempt.
    await page.waitForLoadState('networkidle');
    const rowsBefore = await page.locator('.ant-table-row').count();
    await page.getByRole('button', { name: 'New settlement update' }).click();
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawer(page).getByText('This field is required').count(), SLOW).toBe(2);
    await choose(page, /^Processor settlement$/, /^Northwind settlement reports$/);
    const last = drawer(page).getByLabel('Last', { exact: true });
    await last.click();
    await last.fill('03/01/2026 06:00');
    // Enter would submit the form: the picker's own OK takes the typed value.
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    expect(await drawer(page).getByLabel('Update last run').isChecked()).toBe(true);
    await screenshot(page, 'admin-settlement-update-form-en');
    await drawer(page).getByRole('button', { name: 'Save' }).click();

    // The detail opens and polls every 15 s until the in-process worker has run the settlement.
    await expect.poll(() => drawer(page).locator('.ant-drawer-title').textContent(), SLOW).toBe('Settlement update');
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('March 1, 2026');
    expect(await drawer(page).textContent()).toContain('Northwind settlement reports');
    await expect
      .poll(() => drawer(page).getByRole('button', { name: 'Reverse last update' }).count(), {
        timeout: 40_000,
        interval: 500,
      })
      .toBe(1);
    expect(await drawer(page).textContent()).not.toContain('Checking last run');
    await animationsDone(page);
    await screenshot(page, 'admin-settlement-update-detail-en');

    await drawer(page).getByRole('button', { name: 'Reverse last update' }).click();
    await expect
      .poll(() => drawer(page).locator('.ant-drawer-title').textContent(), SLOW)
      .toBe('New settlement update');
    expect(await drawer(page).getByLabel('Update last run').isChecked()).toBe(false);
    expect(await drawer(page).getByLabel('Last', { exact: true }).inputValue()).not.toBe('');
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBe(rowsBefore + 2);
    // Newest first: the reversal asked for no run (a cross), the update did (a check).
    expect(await page.locator('.ant-table-row').first().getByLabel('No').count()).toBe(1);
    expect(await page.locator('.ant-table-row').nth(1).getByLabel('Yes').count()).toBe(1);
    await screenshot(page, 'admin-settlement-updates-en');
    await context.close();
    await checkDutch('/psp/admin/settlement-updates', 'Uitbetalingsupdates', 'admin-settlement-updates', (p) =>
      expect.poll(() => p.locator('.ant-table-row').count(), SLOW).toBeGreaterThanOrEqual(2),
    );
  }, 120_000);

  it('shows what Kassa caches with its age, and clears the lists', async () => {
    const { context, page } = await signedIn('en-US');
    await page.goto('/psp/admin/cache');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('Cache');
    await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBe(4);
    const text = await bodyText(page);
    for (const name of ['Translations', 'Statistics rollups', 'Processor and profile lists', 'Sessions'])
      expect(text).toContain(name);
    await page.getByRole('button', { name: 'Clear Processor and profile lists' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('Processor and profile lists cleared');
    const row = page.locator('.ant-table-row').filter({ hasText: 'Processor and profile lists' });
    await expect.poll(() => row.textContent(), SLOW).toContain('Anouk de Boer');
    await screenshot(page, 'admin-cache-en');
    await context.close();
    await checkDutch('/psp/admin/cache', 'Cache', 'admin-cache', (p) =>
      expect.poll(() => p.locator('.ant-table-row').count(), SLOW).toBe(4),
    );
  }, 60_000);

  it('offers push notifications in the profile: not subscribed yet, events picked and kept', async () => {
    const { context, page } = await signedIn('en-US', 'merchant@kassa.test');
    await page.goto('/profile');
    await expect.poll(() => bodyText(page), SLOW).toContain('Push notifications');
    await expect.poll(() => bodyText(page), SLOW).toContain('Not subscribed to push notifications');
    const chargebacks = page.getByRole('checkbox', { name: 'A new chargeback' });
    await expect.poll(() => chargebacks.isEnabled(), SLOW).toBe(true);
    const wasChecked = await chargebacks.isChecked();
    await chargebacks.click();
    await expect.poll(() => bodyText(page), SLOW).toContain('Notification choices saved');
    await page.reload();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'A new chargeback' }).isChecked(), SLOW)
      .toBe(!wasChecked);
    expect(await page.getByRole('checkbox', { name: 'A settlement paid out' }).isChecked()).toBe(false);
    if (wasChecked) await page.getByRole('checkbox', { name: 'A new chargeback' }).click();
    await page.getByText('Push notifications', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-push-en');
    await context.close();
    await checkDutch('/profile', 'Profiel', 'admin-push', async (p) => {
      await expect.poll(() => bodyText(p), SLOW).toContain('Niet aangemeld voor pushmeldingen');
      await p.getByText('Pushmeldingen', { exact: true }).scrollIntoViewIfNeeded();
    });
  }, 60_000);
});
