import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type Language } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, clickOption, drawer, openTab, SLOW, typeInto } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

const suite = useServerAndBrowser();

const modal = (page: Page) => page.locator('.ant-modal-container:visible').first();

const signedIn = (language: Language, email = 'merchant@kassa.test') => signedInAs(suite, email, language);

// Names of this attempt's own (a retry runs on the same server); the later tests show what the first ones made.
let routingName = 'E2E cards';
let rulesetName = 'Large amounts';

const treeText = async (page: Page) =>
  (await modal(page).locator('[role="group"][aria-label="Start"]').first().innerText()).replace(/\s+/g, ' ');

describe('risk and routing', () => {
  it('builds a two-level routing tree by keyboard and mouse, saves, reopens it unchanged, and rolls back', async () => {
    routingName = unique('E2E cards');
    const { context, page } = await signedIn('en-US');
    await page.goto('/intelligent-routing');
    // The demo world brings routings of its own; wait for the list to be there.
    await page.getByRole('button', { name: 'New routing' }).waitFor();
    await page.getByRole('button', { name: 'New routing' }).click();
    const form = modal(page);
    await expect.poll(() => bodyText(page), SLOW).toContain('Select a payment product first');
    await form.getByLabel('Name', { exact: true }).fill(routingName);
    await typeInto(page, form.getByLabel('Payment product', { exact: true }), 'Card');

    // Root (prefilled amount !=): keyboard only.
    await typeInto(page, form.getByLabel('Start condition 1: Operator'), '>');
    await form.getByLabel('Start condition 1: Value').focus();
    await page.keyboard.type('100');
    await form.getByRole('button', { name: 'Start: Done' }).focus();
    await page.keyboard.press('Enter');
    // Then: a second level, also by keyboard.
    const then = form.locator('[role="group"][aria-label="Then"]');
    await then.getByRole('button', { name: 'Add condition' }).focus();
    await page.keyboard.press('Enter');
    await typeInto(page, form.getByLabel('Then condition 1: Rule'), 'Country');
    await typeInto(page, form.getByLabel('Then condition 1: Operator'), 'is');
    await typeInto(page, form.getByLabel('Then condition 1: Value'), 'Netherlands (NL)');
    await form.getByRole('button', { name: 'Then: Done' }).click();
    // Endpoints: mouse for two, keyboard for one.
    await clickOption(page, form.getByLabel('Then › Then: Processor', { exact: true }), /Northwind Acquiring/);
    await typeInto(page, form.getByLabel('Then › Else: Processor', { exact: true }), 'Meridian');
    await clickOption(page, form.getByLabel('Else: Processor', { exact: true }), /Meridian/);
    await expect.poll(() => form.locator('.ant-tag').filter({ hasText: 'Incomplete' }).count(), SLOW).toBe(0);
    const built = await treeText(page);
    await screenshot(page, 'risk-routing-built-en');
    expect(built, built).toContain('Country is NL');

    await form.getByRole('button', { name: 'Run backtest' }).click();
    await expect.poll(() => form.innerText(), SLOW).toMatch(/transactions? from/);
    await screenshot(page, 'risk-routing-form-en');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-modal-container:visible').count(), SLOW).toBe(0);
    await expect.poll(() => bodyText(page), SLOW).toContain(`${routingName} - Card`);
    await screenshot(page, 'risk-routing-list-en');

    // Reopen: the same tree, nodes shown as done.
    await page.getByRole('button', { name: `Edit ${routingName}`, exact: true }).click();
    await expect.poll(() => treeText(page), SLOW).toBe(built);

    // A second version, then back to the first.
    await modal(page).getByRole('button', { name: 'Start: Edit' }).click();
    await modal(page).getByLabel('Start condition 1: Value').fill('250');
    await modal(page).getByRole('button', { name: 'Save' }).click();
    // The demo world has routings of its own, so the cards start collapsed: open this one by its arrow.
    const card = page.locator('.ant-collapse-item', { hasText: routingName });
    if ((await card.getAttribute('class'))?.includes('ant-collapse-item-active') !== true)
      await card.locator('.ant-collapse-expand-icon').click();
    await expect.poll(() => bodyText(page), SLOW).toContain('€250.00');
    await card.getByRole('button', { name: 'Details', exact: true }).click();
    await drawer(page).getByRole('button', { name: 'History' }).click();
    await expect.poll(() => drawer(page).innerText(), SLOW).toMatch(/Version 2[\s\S]*Updated[\s\S]*by Daan Jansen/);
    await screenshot(page, 'risk-routing-history-en');
    await drawer(page).getByRole('button', { name: 'Roll back to version 1' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Roll back' }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('€100.00');
    // The card and the history re-render one after the other: wait until neither shows version 2.
    await expect.poll(() => bodyText(page), SLOW).not.toContain('€250.00');
    await context.close();
  }, 240_000);

  it('creates a block rule after its backtest shows the count the server computes', async () => {
    rulesetName = unique('Large amounts');
    const { context, page } = await signedIn('en-US');
    await page.goto('/riskrules');
    // The demo world has no rulesets (a retry finds its first attempt's): wait for the list either way.
    await expect.poll(async () => /No rulesets found\.|Large amounts/.test(await bodyText(page)), SLOW).toBe(true);
    await page.getByRole('button', { name: 'New ruleset' }).click();
    const form = drawer(page);
    await form.getByLabel('Name', { exact: true }).fill(rulesetName);
    await typeInto(page, form.getByLabel('Rule 1: Rule'), 'Amount');
    await typeInto(page, form.getByLabel('Rule 1: Operator'), '>');
    await form.getByLabel('Rule 1: Value').fill('500');
    await form.getByRole('button', { name: 'Run backtest' }).click();
    const expected = await (
      await page.request.post('/v1/validationruleset/backtest', {
        data: { action: 'block', rules: [{ name: 'amount', operator: '>', value: '50000' }] },
        headers: { origin: suite.server.baseUrl },
      })
    ).json();
    expect(expected.transactions).toBeGreaterThan(0);
    await expect
      .poll(() => form.getByTestId('backtest-draft-blocked').innerText(), SLOW)
      .toBe(new Intl.NumberFormat('en-US').format(expected.draft.blocked));
    await screenshot(page, 'risk-ruleset-form-en');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain(rulesetName);
    await expect.poll(() => bodyText(page), SLOW).toContain('Amount > €500.00');
    await context.close();
  }, 180_000);

  it('shows that change in the audit trail with the user and masked headers', async () => {
    const { context, page } = await signedIn('en-US', 'admin@kassa.test');
    await page.goto('/psp/audit-trail');
    await expect.poll(() => page.url(), SLOW).toContain('created_at');
    const routeFilter = page.locator('input[aria-label="Route"]');
    await routeFilter.fill('/v1/validationruleset');
    await routeFilter.press('Enter');
    const row = page.locator('.ant-table-row').filter({ hasText: 'Daan Jansen' }).filter({ hasText: '201' }).first();
    await expect.poll(() => row.count(), SLOW).toBe(1);
    await row.click();
    await expect.poll(() => drawer(page).innerText(), SLOW).toContain(rulesetName);
    const request = await drawer(page).innerText();
    expect(request).toMatch(/cookie\s+\*{8}/);
    expect(request).not.toContain('kassa_session=');
    await screenshot(page, 'risk-audit-detail-en');
    await openTab(drawer(page), 'Response');
    await expect.poll(() => drawer(page).innerText(), SLOW).toContain('201 Created');
    await context.close();
  }, 120_000);

  it('shows the risk screens in Dutch and English', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { context, page } = await signedIn(language);
      const tag = language === 'nl' ? 'nl' : 'en';
      await page.goto('/intelligent-routing');
      await expect.poll(() => bodyText(page), SLOW).toContain(routingName);
      await screenshot(page, `risk-routing-list-${tag}`);
      await page
        .getByRole('button', {
          name: language === 'nl' ? `Wijzigen ${routingName}` : `Edit ${routingName}`,
          exact: true,
        })
        .first()
        .click();
      await expect.poll(() => modal(page).innerText(), SLOW).toContain(language === 'nl' ? 'Als' : 'If');
      await animationsDone(page);
      await screenshot(page, `risk-routing-edit-${tag}`);
      await page.goto('/riskrules');
      await expect.poll(() => bodyText(page), SLOW).toContain(rulesetName);
      await screenshot(page, `risk-riskrules-${tag}`);
      await page.goto('/tagrules');
      await page.getByRole('button', { name: language === 'nl' ? 'Nieuwe regelset' : 'New ruleset' }).click();
      await drawer(page)
        .getByRole('button', { name: language === 'nl' ? 'Nieuwe tag' : 'New tag' })
        .click();
      await screenshot(page, `risk-tagrule-form-${tag}`);
      await page.goto('/tags');
      await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
      await screenshot(page, `risk-tags-${tag}`);
      await context.close();
      const admin = await signedIn(language, 'admin@kassa.test');
      await admin.page.goto('/psp/audit-trail');
      await expect.poll(() => admin.page.locator('.ant-table-row').count(), SLOW).toBeGreaterThan(0);
      await screenshot(admin.page, `risk-audit-trail-${tag}`);
      await admin.context.close();
    }
  }, 240_000);
});
