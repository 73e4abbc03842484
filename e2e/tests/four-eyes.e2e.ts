import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { getJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { bodyText, clickOption, drawer, SLOW } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

const suite = useServerAndBrowser();

type Routing = { id: string; details: { then: string; else: string } };

/**
 * Issue 35: under Noordlicht Mode's policy one person's routing change waits; a second person sees
 * the badge, opens the diff and the backtest, approves; the first sees it applied.
 */
describe('four eyes on a routing change', () => {
  it('waits for a second person, who approves it from the Changes screen', async () => {
    const note = unique('Move small payments');
    const author = await signedInAs(suite, 'mode@kassa.test', 'en-US');
    const [routing] = await getJson<Routing[]>(author.page, '/v1/routing?name=Noordlicht%20cards');
    const processors = await getJson<{ id: string; name: string }[]>(author.page, '/v1/processor?payment_product=card');
    const target =
      processors.find((p) => p.id !== routing.details.else && p.id !== routing.details.then) ??
      processors.find((p) => p.id !== routing.details.else);
    if (!target) throw new Error('no other card processor in the demo');

    await author.page.goto(`/intelligent-routing/${routing.id}`);
    const form = author.page.locator('.ant-modal-container:visible').first();
    await expect.poll(() => form.innerText(), SLOW).toContain('This change will wait for approval');
    await clickOption(author.page, form.getByLabel('Else: Processor', { exact: true }), new RegExp(target.name));
    await form.getByLabel('Why this change (required)').fill(note);
    await form.getByRole('button', { name: 'Ask for approval' }).click();
    await expect.poll(() => form.innerText(), SLOW).toContain('Your change is waiting for approval');
    await screenshot(author.page, 'four-eyes-waiting-en');
    // Nothing changed yet.
    const unchanged = (await getJson<Routing[]>(author.page, '/v1/routing?name=Noordlicht%20cards'))[0];
    expect(unchanged.details.else).toBe(routing.details.else);

    const approver = await signedInAs(suite, 'approver@kassa.test', 'nl');
    const { page } = approver;
    await page.goto('/changes');
    // The menu's badge: the requests of others this person may decide (the demo's own and this one).
    const badge = page.locator('nav [title$="wijzigingen die je kunt goedkeuren"]').first();
    await expect.poll(() => badge.getAttribute('title'), SLOW).toMatch(/^[1-9]\d* wijzigingen/);
    await expect.poll(() => bodyText(page), SLOW).toContain(note);
    await screenshot(page, 'four-eyes-changes-nl');
    await page.getByRole('row').filter({ hasText: note }).getByRole('link').click();
    const panel = drawer(page);
    await expect.poll(() => panel.innerText(), SLOW).toContain('Wat er zou veranderen');
    const text = await panel.innerText();
    expect(text).toContain('details.else');
    expect(text).toContain('Backtest over de laatste 30 dagen');
    await screenshot(page, 'four-eyes-diff-nl');
    await panel.getByRole('button', { name: 'Goedkeuren en doorvoeren' }).click();
    await expect.poll(() => panel.isVisible(), SLOW).toBe(false);

    await author.page.goto('/changes?tab=mine');
    await expect
      .poll(() => author.page.getByRole('row').filter({ hasText: note }).innerText(), SLOW)
      .toContain('Approved');
    await screenshot(author.page, 'four-eyes-applied-en');
    const applied = (await getJson<Routing[]>(author.page, '/v1/routing?name=Noordlicht%20cards'))[0];
    expect(applied.details.else).toBe(target.id);
    await author.context.close();
    await approver.context.close();
  }, 300_000);
});
