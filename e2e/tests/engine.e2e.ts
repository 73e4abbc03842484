import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, signInThroughPage } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openTransactionTab } from '../support/ui.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Profile = { id: string; routing: { card?: unknown }; processors: string[] };
type Tx = { id: string; status: string; blocked: boolean; processor: string | null; decision: { routing: { path: string[]; processor: string } | null } };

const post = async <T>(page: Page, path: string, data: unknown) => {
  const response = await page.request.post(path, { data, headers: { origin: server.baseUrl } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
};

/** Opens the transaction's detail on its decision tab, waits for `expected` in it and takes a screenshot. */
const openDecision = async (page: Page, id: string, tab: RegExp, expected: string, name: string) => {
  await openTransactionTab(page, id, tab, expected);
  await screenshot(page, name);
};

describe('the payments engine in the transaction detail', () => {
  it('shows the routing decision path of a routed payment and the ruleset of a blocked one, in English and Dutch', async () => {
    const context = await newContext(browser, server.baseUrl, 'en-US');
    const page = await context.newPage();
    await signInThroughPage(page, 'merchant@kassa.test');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const profiles = (await (await page.request.get('/v1/paymentprofile?_limit=100')).json()) as Profile[];
    const profile = profiles.find((p) => typeof p.routing.card === 'string');
    expect(profile, 'a demo profile with a card routing tree').toBeDefined();

    // 1,500.00 is above the tree's 1,000.00 threshold: first level "then".
    const routed = await post<Tx>(page, '/v1/transaction', { payment_profile: profile!.id, amount: 150_000, payment_product_type: 'card', merchant_reference: 'ENGINE-ROUTED', card_number: '5555555555554444' });
    expect(routed.status).toBe('SETTLEMENT_REQUESTED');
    expect(routed.decision.routing?.path).toEqual(['then']);
    await openDecision(page, routed.id, /^Decision$/, 'Met: then', 'engine-decision-en');
    await expect.poll(() => page.locator('.ant-drawer').getByText(/cards \(version 1\)$/).count()).toBe(1);

    // A name of this attempt's own: a retry on the same server must not find the first attempt's ruleset too.
    const rulesetName = `No expired test card ${Date.now().toString(36)}`;
    await post(page, '/v1/validationruleset', { name: rulesetName, action: 'block', rules: [{ name: 'card_bin', operator: '==', value: '400000' }] });
    const blocked = await post<Tx>(page, '/v1/transaction', { payment_profile: profile!.id, amount: 2_000, payment_product_type: 'card', merchant_reference: 'ENGINE-BLOCKED', card_number: '4000000000000069' });
    expect(blocked).toMatchObject({ status: 'FAILED', blocked: true, processor: null });
    await openDecision(page, blocked.id, /^Decision$/, `Blocked: ${rulesetName}`, 'engine-blocked-en');
    await context.close();

    const dutch = await newContext(browser, server.baseUrl, 'nl');
    const nl = await dutch.newPage();
    await signInThroughPage(nl, 'merchant@kassa.test');
    await nl.waitForURL((url) => !url.pathname.startsWith('/login'));
    await openDecision(nl, routed.id, /^Beslissing$/, 'Voldaan: dan', 'engine-decision-nl');
    await dutch.close();
  });
});
