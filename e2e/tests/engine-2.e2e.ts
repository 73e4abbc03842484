import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { startReceiver } from '../support/receiver.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { bodyText, choose, clickOption, drawer, openTransactionTab, SLOW, typeInto } from '../support/ui.ts';

/**
 * Issue 14's "done when", the way a merchant does it: a block ruleset and a two-level routing
 * tree made in the screens, a payment profile that uses the tree and sends its webhooks to a local
 * receiver, an API key made in API settings, two payments through the API with that key, and then
 * the decision path, the blocked list and the webhook history in the screens. Then a customer adds
 * a card on a card-add link's hosted page. Every name carries this attempt's own suffix, so a retry
 * on the same server does not trip over what the first attempt made.
 */
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const receiverUrl = (path: string) => receiver.url(path);
/** The bodies of the webhooks the receiver got on `path`. */
const bodiesAt = (path: string) =>
  receiver.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: { id: string; status: string } });

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  receiver = await startReceiver();
  // A local receiver needs private targets allowed (the demo and tests only).
  server = await startServer({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

const signedIn = async (
  language: Language,
  email = 'merchant@kassa.test',
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await newContext(browser, server.baseUrl, language);
  const page = await context.newPage();
  await signInThroughPage(page, email);
  await expect.poll(() => page.url(), SLOW).not.toContain('/login');
  return { context, page };
};
const modal = (page: Page) => page.locator('.ant-modal-container:visible').first();

type Tx = {
  id: string;
  status: string;
  blocked: boolean;
  processor: string | null;
  decision: { routing: { path: string[]; processor: string } | null; rulesets: { name: string }[] };
};

describe('rulesets and routing made in the screens decide real payments', () => {
  it(
    'blocks one payment by the ruleset and routes the other down the tree, shows both decisions and the delivered webhook (en, nl)',
    { timeout: 420_000 },
    async () => {
      const suffix = Date.now().toString(36);
      const hookPath = `/engine-${suffix}`;
      const { context, page } = await signedIn('en-US');

      // 1. A block ruleset: amounts above €900.00.
      const rulesetName = `E2E block ${suffix}`;
      await page.goto('/riskrules');
      await page.getByRole('button', { name: 'New ruleset' }).click();
      const rulesetForm = drawer(page);
      await rulesetForm.getByLabel('Name', { exact: true }).fill(rulesetName);
      await typeInto(page, rulesetForm.getByLabel('Rule 1: Rule'), 'Amount');
      await typeInto(page, rulesetForm.getByLabel('Rule 1: Operator'), '>');
      await rulesetForm.getByLabel('Rule 1: Value').fill('900');
      await rulesetForm.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => bodyText(page), SLOW).toContain(rulesetName);
      await screenshot(page, 'engine2-ruleset-en');

      // 2. A two-level routing tree for cards: above €100.00 → (above €500.00 → Meridian, else Northwind); else Meridian.
      const routingName = `E2E route ${suffix}`;
      await page.goto('/intelligent-routing');
      await page.getByRole('button', { name: 'New routing' }).click();
      const tree = modal(page);
      await expect.poll(() => bodyText(page), SLOW).toContain('Select a payment product first');
      await tree.getByLabel('Name', { exact: true }).fill(routingName);
      await typeInto(page, tree.getByLabel('Payment product', { exact: true }), 'Card');
      await typeInto(page, tree.getByLabel('Start condition 1: Operator'), '>');
      await tree.getByLabel('Start condition 1: Value').fill('100');
      await tree.getByRole('button', { name: 'Start: Done' }).click();
      await tree.locator('[role="group"][aria-label="Then"]').getByRole('button', { name: 'Add condition' }).click();
      await typeInto(page, tree.getByLabel('Then condition 1: Rule'), 'Amount');
      await typeInto(page, tree.getByLabel('Then condition 1: Operator'), '>');
      await tree.getByLabel('Then condition 1: Value').fill('500');
      await tree.getByRole('button', { name: 'Then: Done' }).click();
      await clickOption(page, tree.getByLabel('Then › Then: Processor', { exact: true }), /Meridian/);
      await clickOption(page, tree.getByLabel('Then › Else: Processor', { exact: true }), /Northwind Acquiring/);
      await clickOption(page, tree.getByLabel('Else: Processor', { exact: true }), /Meridian/);
      await expect.poll(() => tree.locator('.ant-tag').filter({ hasText: 'Incomplete' }).count(), SLOW).toBe(0);
      await screenshot(page, 'engine2-routing-en');
      await tree.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('.ant-modal-container:visible').count(), SLOW).toBe(0);
      await expect.poll(() => bodyText(page), SLOW).toContain(`${routingName} - Card`);

      // 3. A payment profile with both card processors, the tree for cards, and its transaction webhooks to the receiver.
      const profileName = `E2E engine ${suffix}`;
      await page.goto('/paymentprofiles');
      await page.getByRole('button', { name: 'New payment profile' }).click();
      await drawer(page).getByLabel('Name', { exact: true }).fill(profileName);
      await drawer(page).getByLabel('Name', { exact: true }).blur();
      await expect.poll(() => drawer(page).getByLabel('Display name').inputValue(), SLOW).toBe(profileName);
      await drawer(page).getByRole('tab', { name: 'Processors' }).click();
      for (const processor of [/Northwind Acquiring/, /Meridian Card Services/]) {
        await choose(page, /^Choose a processor to add$/, processor);
        await drawer(page).getByRole('button', { name: 'Add' }).click();
      }
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain('Meridian Card Services');
      await drawer(page).getByRole('tab', { name: 'Routing' }).click();
      await drawer(page).getByRole('switch').click();
      await expect.poll(() => drawer(page).getByRole('switch').getAttribute('aria-checked'), SLOW).toBe('true');
      await choose(page, /^Card$/, new RegExp(routingName));
      await screenshot(page, 'engine2-profile-routing-en');
      await drawer(page).getByRole('tab', { name: 'Webhooks' }).click();
      await drawer(page).getByLabel('Webhook transaction update', { exact: true }).fill(receiverUrl(hookPath));
      await drawer(page).getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: profileName }).count(), SLOW).toBe(1);
      const [profile] = (await (
        await page.request.get(`/v1/paymentprofile?name=${encodeURIComponent(profileName)}`)
      ).json()) as { id: string; routing: { card?: string } }[];
      expect(profile.routing.card, 'the profile routes cards by the new tree').toBeTruthy();

      // 4. An API key for the webshop, shown once.
      await page.goto('/apiSettings');
      await page.getByRole('button', { name: 'New API key' }).click();
      await drawer(page).getByLabel('Name', { exact: true }).fill(`E2E shop ${suffix}`);
      await choose(page, /^Roles$/, /^TRANSACTION_ALL$/, 'TRANSACTION_ALL');
      await drawer(page).getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByTestId('new-api-key');
      await expect.poll(() => shown.count(), SLOW).toBe(1);
      const key = (await shown.textContent())?.trim() ?? '';
      expect(key).toMatch(/^ksk_/);
      await page.getByRole('button', { name: 'I have copied the key' }).click();

      // 5. Two payments through the API with that key, as the webshop makes them.
      const pay = async (reference: string, amount: number, card: string) => {
        const response = await fetch(`${server.baseUrl}/v1/transaction`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'idempotency-key': `${reference}-${suffix}`,
          },
          body: JSON.stringify({
            payment_profile: profile.id,
            amount,
            payment_product_type: 'card',
            merchant_reference: `${reference}-${suffix}`,
            card_number: card,
          }),
        });
        expect(response.status, await response.clone().text()).toBe(201);
        return (await response.json()) as Tx;
      };
      const routed = await pay('E2E-ROUTED', 25_000, '5555555555554444');
      const blocked = await pay('E2E-BLOCKED', 95_000, '4111111111111111');
      expect(routed).toMatchObject({
        status: 'SETTLEMENT_REQUESTED',
        blocked: false,
        decision: { routing: { path: ['then', 'else'] } },
      });
      expect(blocked).toMatchObject({ status: 'FAILED', blocked: true, processor: null });
      expect(blocked.decision.rulesets.map((r) => r.name)).toContain(rulesetName);

      // 6. The decision path of the routed payment and the ruleset of the blocked one, in the detail's Decision tab.
      let detail = await openTransactionTab(page, routed.id, /^Decision$/, 'Not met: else');
      expect(await detail.getByText('Met: then', { exact: true }).count()).toBe(1);
      expect(await detail.getByText(`${routingName} (version 1)`, { exact: true }).count()).toBe(1);
      expect(await detail.getByText('Northwind Acquiring').count()).toBeGreaterThan(0);
      await screenshot(page, 'engine2-decision-routed-en');
      detail = await openTransactionTab(page, blocked.id, /^Decision$/, `Blocked: ${rulesetName}`);
      expect(await detail.getByText('Not routed: blocked before routing', { exact: true }).count()).toBe(1);
      await screenshot(page, 'engine2-decision-blocked-en');

      // 7. The blocked list shows the blocked payment, not the routed one.
      await page.goto(`/transactionsBlocked?merchant_reference=E2E-BLOCKED-${suffix}`);
      await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBe(1);
      await page.goto(`/transactionsBlocked?merchant_reference=E2E-ROUTED-${suffix}`);
      await expect.poll(() => bodyText(page), SLOW).toMatch(/No (transactions|results)/i);

      // 8. Both payments' webhooks reach the receiver; the routed one's delivery is in the webhook history.
      await expect
        .poll(
          () =>
            bodiesAt(hookPath)
              .map((b) => b.data.id)
              .sort(),
          { timeout: 60_000, interval: 500 },
        )
        .toEqual([routed.id, blocked.id].sort());
      expect(bodiesAt(hookPath).find((b) => b.data.id === routed.id)).toMatchObject({
        type: 'transaction.created',
        data: { status: 'SETTLEMENT_REQUESTED' },
      });
      await page.goto(`/webhooks?item_id=${routed.id}`);
      const row = page.locator('.ant-table-row').filter({ hasText: routed.id });
      await expect.poll(() => row.count(), SLOW).toBe(1);
      // The item id is a link to the transaction; the rest of the row opens the webhook.
      expect(await row.getByRole('link', { name: routed.id }).getAttribute('href')).toContain(`open=${routed.id}`);
      await row.locator('td').first().click();
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain('received, thank you');
      expect(await drawer(page).locator('[data-code="200"]').count()).toBe(1);
      await page.waitForTimeout(400);
      await screenshot(page, 'engine2-webhook-en');
      await context.close();

      // The same in Dutch.
      const nl = await signedIn('nl');
      await openTransactionTab(nl.page, routed.id, /^Beslissing$/, 'Niet voldaan: anders');
      await screenshot(nl.page, 'engine2-decision-routed-nl');
      await openTransactionTab(nl.page, blocked.id, /^Beslissing$/, `Geblokkeerd: ${rulesetName}`);
      await screenshot(nl.page, 'engine2-decision-blocked-nl');
      await nl.page.goto(`/webhooks?item_id=${routed.id}`);
      await nl.page.locator('.ant-table-row').filter({ hasText: routed.id }).locator('td').first().click();
      await expect.poll(() => drawer(nl.page).textContent(), SLOW).toContain('received, thank you');
      await nl.page.waitForTimeout(400);
      await screenshot(nl.page, 'engine2-webhook-nl');
      await nl.context.close();
    },
  );
});

describe('the card-add link page', () => {
  it(
    'lets a customer add a card after a refused one, the link turns Done and its webhook is delivered (nl, en)',
    { timeout: 300_000 },
    async () => {
      const suffix = Date.now().toString(36);
      const hookPath = `/cards-${suffix}`;
      const { context, page } = await signedIn('en-US');
      // Setup through the API: the profile's transaction webhooks (where card-add link events go) to the receiver.
      const [profile] = (await (await page.request.get('/v1/paymentprofile?_limit=1&currency_code=EUR')).json()) as {
        id: string;
        name: string;
        organisation: string;
      }[];
      const updated = await page.request.post(`/v1/paymentprofile/${profile.id}`, {
        data: { webhook_transaction_update: receiverUrl(hookPath) },
        headers: { origin: server.baseUrl },
      });
      expect(updated.status(), await updated.text()).toBe(200);
      // A customer of the profile's own organisation: the link's owner (another's customer is a 404).
      const [customer] = (await (
        await page.request.get(`/v1/customer?_limit=1&organisation=${profile.organisation}`)
      ).json()) as { id: string }[];
      const created = await page.request.post('/v1/card-add-link', {
        data: {
          payment_profile: profile.id,
          customer: customer.id,
          merchant_reference: `CARD-${suffix}`,
          description: 'Kaart voor het abonnement',
        },
        headers: { origin: server.baseUrl },
      });
      expect(created.status(), await created.text()).toBe(201);
      const link = (await created.json()) as { id: string; url: string };

      // The customer, in Dutch: a refused card, then one the issuer accepts.
      const customerNl = await newContext(browser, server.baseUrl, 'nl');
      const nl = await customerNl.newPage();
      await nl.goto(new URL(link.url).pathname);
      await nl.getByRole('heading', { level: 1, name: 'Kaart toevoegen' }).waitFor();
      expect(await nl.getByText('Kaart voor het abonnement').count()).toBe(1);
      await screenshot(nl, 'engine2-card-add-nl');
      expect(await seriousViolations(nl, 'card-add page nl')).toEqual([]);
      await nl.getByLabel('Kaartnummer').fill('4000 0000 0000 0002');
      await nl.getByRole('button', { name: 'Kaart toevoegen' }).click();
      await nl.getByRole('alert').filter({ hasText: 'Je bank heeft deze kaart niet geaccepteerd' }).waitFor();
      await screenshot(nl, 'engine2-card-add-refused-nl');
      await nl.getByLabel('Kaartnummer').fill('5555 5555 5555 4444');
      await nl.getByRole('button', { name: 'Kaart toevoegen' }).click();
      await nl.getByText('Kaart toegevoegd').waitFor();
      expect(await nl.getByText('Mastercard •••• 4444').count()).toBe(1);
      await screenshot(nl, 'engine2-card-added-nl');
      await customerNl.close();

      // The merchant sees the link Done and its webhooks (refused → INITIATED, added → DONE) delivered.
      // Deliveries to one receiver run side by side (docs/decisions.md), so they may arrive in either
      // order; each event's timestamp says which came first, as a receiver would read it.
      await expect
        .poll(
          () =>
            bodiesAt(hookPath)
              .filter((b) => b.data.id === link.id)
              .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
              .map((b) => b.data.status),
          { timeout: 60_000, interval: 500 },
        )
        .toEqual(['INITIATED', 'DONE']);
      expect(bodiesAt(hookPath).every((b) => b.type === 'cardlink.updated')).toBe(true);
      await page.goto(`/card-add-links?open=${link.id}`);
      await expect.poll(() => drawer(page).textContent(), SLOW).toContain('Done');
      await page.goto(`/webhooks?item_id=${link.id}`);
      await expect.poll(() => page.locator('.ant-table-row').count(), SLOW).toBe(2);
      await expect.poll(() => bodyText(page), SLOW).toContain('Card add link');
      await screenshot(page, 'engine2-card-add-webhooks-en');

      // A second visit, in English, shows the card added and offers nothing to change.
      const customerEn = await newContext(browser, server.baseUrl, 'en-US');
      const en = await customerEn.newPage();
      await en.goto(new URL(link.url).pathname);
      await en.getByText('Card added').waitFor();
      expect(await en.getByRole('button', { name: 'Add card' }).count()).toBe(0);
      await screenshot(en, 'engine2-card-added-en');
      expect(await seriousViolations(en, 'card added en')).toEqual([]);
      await customerEn.close();
      await context.close();
    },
  );
});

describe('system steps in the audit trail', () => {
  it(
    "shows the settlement lifecycle job's steps with the system actor, filtered by it (en, nl)",
    { timeout: 240_000 },
    async () => {
      // The demo world has captures older than a day: the sandbox acquirer's settlement files settle
      // them (imported by the system, issue 34) and the lifecycle job (every minute) declines or
      // expires the rest; both are system steps.
      const step = /settlement_file_imported|transaction_status_changed/;
      for (const language of ['en-US', 'nl'] as const) {
        const en = language === 'en-US';
        const { context, page } = await signedIn(language, 'admin@kassa.test');
        const rows = page.locator('.ant-table-row');
        await expect
          .poll(
            async () => {
              await page.goto('/psp/audit-trail?authentication=system');
              await page.locator('.ant-table').first().waitFor();
              return rows.filter({ hasText: step }).count();
            },
            { timeout: 150_000, interval: 5_000 },
          )
          .toBeGreaterThan(0);
        const first = rows.filter({ hasText: step }).first();
        const system = en ? 'Kassa (system)' : 'Kassa (systeem)';
        expect(await first.textContent()).toContain(system);
        expect(await first.getByRole('img', { name: system }).count()).toBe(1);
        // Only system entries under this filter; a job's step has no route.
        expect(await rows.filter({ hasNotText: system }).count()).toBe(0);
        // The route column, after the tree column (empty: a job's step is part of no request).
        expect(await first.locator('td').nth(0).textContent()).toBe('');
        expect(await first.locator('td').nth(1).textContent()).toBe('—');
        await screenshot(page, `engine2-audit-system-${en ? 'en' : 'nl'}`);
        await context.close();
      }
    },
  );
});
