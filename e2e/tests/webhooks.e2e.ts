import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { startReceiver } from '../support/receiver.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { bodyText, choose, drawer, openTab, SLOW } from '../support/ui.ts';
import { uniqueSuffix } from '../support/unique.ts';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
const receiverUrl = (path: string) => receiver.url(path);
const received = () => receiver.received;

// A local receiver needs private targets allowed; the retry schedule runs 50 times faster.
const suite = useServerAndBrowser(
  { ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_SCALE: '0.02' },
  async () => {
    receiver = await startReceiver();
  },
  async () => receiver?.close(),
);

const signedIn = (language: Language, email = 'merchant@kassa.test') => signedInAs(suite, email, language);

const openTestForm = async (page: Page, url: string, create: RegExp) => {
  await page.goto('/webhook-testing');
  await page.getByRole('button', { name: create }).click();
  await drawer(page).getByLabel('URL').fill(url);
};

describe('webhooks', () => {
  it('sends a test webhook to a local receiver, which verifies its signature with the standardwebhooks library', async () => {
    const { context, page } = await signedIn('en-US');
    const url = receiverUrl('/shop-hook');
    await openTestForm(page, url, /Send test webhook/);
    await expect.poll(() => bodyText(page), SLOW).toContain('Webhook testing');
    await drawer(page).getByRole('button', { name: 'New signing secret' }).click();
    const shown = page.getByTestId('webhook-secret');
    await expect.poll(() => shown.count(), SLOW).toBe(1);
    const secret = (await shown.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied the secret' }).click();

    await drawer(page).getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('This field is required');
    await choose(page, /^Status$/, /^AUTHORIZED$/, 'AUTHORIZED');
    await drawer(page).getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => bodyText(page), SLOW).toContain('Delivered: the receiver answered with a 2xx status');
    expect(await page.getByTestId('test-answer-code').textContent()).toBe('200');
    await screenshot(page, 'webhooks-test-sent-en');

    const message = received()
      .filter((r) => r.path === '/shop-hook')
      .at(-1)!;
    const payload = new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
      type: string;
      data: { status: string; test: boolean };
    };
    expect(payload).toMatchObject({ type: 'transaction.test', data: { status: 'AUTHORIZED', test: true } });

    await drawer(page).getByRole('button', { name: 'Open the webhook and its history' }).click();
    await expect.poll(() => drawer(page).textContent(), SLOW).toContain('received, thank you');
    expect(await drawer(page).textContent()).toContain(message.headers['webhook-id'] as string);
    await screenshot(page, 'webhooks-detail-en');
    await context.close();
  });

  it(
    'retries a webhook whose receiver answers 500 and shows every attempt in the history (nl)',
    { timeout: 240_000 },
    async () => {
      // A receiver path of this attempt's own: the first attempt's webhook keeps being retried meanwhile.
      const failing = `/failing-${uniqueSuffix()}`;
      const { context, page } = await signedIn('nl');
      await openTestForm(page, receiverUrl(failing), /Testwebhook sturen/);
      await choose(page, /^Type$/, /^Terugbetaling$/);
      await choose(page, /^Status$/, /^PROCESSED$/, 'PROCESSED');
      await drawer(page).getByRole('button', { name: 'Versturen', exact: true }).click();
      await expect.poll(() => bodyText(page), SLOW).toContain('Niet afgeleverd');
      expect(await page.getByTestId('test-answer-code').textContent()).toBe('500');
      await drawer(page).getByRole('button', { name: 'Webhook en geschiedenis openen' }).click();
      const attempts = drawer(page).getByTestId('webhook-attempt');
      // 30 s, 90 s, 270 s … shrunk 50 times: the next two retries are due within about 8 s (later on a busy machine).
      await expect
        .poll(
          async () => {
            await drawer(page).getByRole('button', { name: 'Vernieuwen' }).click();
            return attempts.count();
          },
          { timeout: 120_000, interval: 2_000 },
        )
        .toBeGreaterThanOrEqual(3);
      expect(await drawer(page).locator('[data-code="500"]').count()).toBeGreaterThanOrEqual(3);
      expect(await drawer(page).textContent()).toContain('Wacht op nieuwe poging');
      expect(received().filter((r) => r.path === failing).length).toBeGreaterThanOrEqual(3);
      const ids = new Set(
        received()
          .filter((r) => r.path === failing)
          .map((r) => r.headers['webhook-id']),
      );
      expect(ids.size).toBe(1);
      await screenshot(page, 'webhooks-retries-nl');
      await page.keyboard.press('Escape');
      await page.goto('/webhooks');
      await expect.poll(() => bodyText(page), SLOW).toContain('Terugbetaling');
      await screenshot(page, 'webhooks-list-nl');
      await context.close();
    },
  );

  it(
    'deactivates a merchant from the merchants list, its user is refused at sign-in, and reactivation lets them in again',
    { timeout: 180_000 },
    async () => {
      // By name, as the provider sees it; a retry after a failure half-way finds the merchant deactivated: activate it first.
      const admin = await signedIn('en-US', 'admin@kassa.test');
      const merchantName = 'Zuiderzee Fietsen B.V.';
      const [merchant] = (await (
        await admin.page.request.get(
          `${suite.server.baseUrl}/v1/psp/merchant?name=${encodeURIComponent(merchantName)}&_limit=1`,
        )
      ).json()) as { id: string; active: boolean }[];
      expect(merchant, merchantName).toBeDefined();
      if (!merchant.active)
        expect(
          (
            await admin.page.request.post(`${suite.server.baseUrl}/v1/psp/merchant/${merchant.id}/activate`, {
              headers: { origin: suite.server.baseUrl },
            })
          ).status(),
        ).toBeLessThan(300);
      await admin.context.close();
      const me = await (
        await fetch(`${suite.server.baseUrl}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'merchant@kassa.test', password: DEMO_PASSWORD }),
        })
      ).json();
      expect(me.organisation.name).toBe(merchantName);
      for (const language of ['nl', 'en-US'] as const) {
        const en = language === 'en-US';
        const { context, page } = await signedIn(language, 'admin@kassa.test');
        await page.goto('/psp/merchants');
        await expect.poll(() => bodyText(page), SLOW).toContain(merchantName);
        expect(page.url()).toContain('active=true');
        await screenshot(page, `merchants-list-${en ? 'en' : 'nl'}`);
        await page
          .getByRole('switch', { name: en ? `Deactivate ${merchantName}` : `${merchantName} deactiveren` })
          .click();
        await page
          .locator('.ant-popconfirm:visible')
          .getByRole('button', { name: en ? 'Deactivate' : 'Deactiveren' })
          .click();
        await expect
          .poll(() => bodyText(page), SLOW)
          .toContain(en ? `${merchantName} has been deactivated` : `${merchantName} is gedeactiveerd`);

        const refused = await newContext(suite.browser, suite.server.baseUrl, language);
        const refusedPage = await refused.newPage();
        await signInThroughPage(refusedPage, 'merchant@kassa.test');
        await expect
          .poll(() => bodyText(refusedPage), SLOW)
          .toContain(en ? 'Your organisation has been deactivated' : 'Je organisatie is gedeactiveerd');
        expect(refusedPage.url()).toContain('/login');
        await screenshot(refusedPage, `merchants-refused-sign-in-${en ? 'en' : 'nl'}`);

        await page.goto('/psp/merchants?active=false');
        await page.getByRole('switch', { name: en ? `Activate ${merchantName}` : `${merchantName} activeren` }).click();
        await page
          .locator('.ant-popconfirm:visible')
          .getByRole('button', { name: en ? 'Activate' : 'Activeren' })
          .click();
        await expect
          .poll(() => bodyText(page), SLOW)
          .toContain(en ? `${merchantName} has been activated` : `${merchantName} is geactiveerd`);
        await signInThroughPage(refusedPage, 'merchant@kassa.test');
        await expect.poll(() => refusedPage.url(), SLOW).not.toContain('/login');
        await refused.close();
        await context.close();
      }
    },
  );

  it(
    'creates a status update and the transaction shows the new status in its history',
    { timeout: 180_000 },
    async () => {
      for (const language of ['en-US', 'nl'] as const) {
        const en = language === 'en-US';
        const { context, page } = await signedIn(language, 'admin@kassa.test');
        const [tx] = (await (
          await page.request.get(`${suite.server.baseUrl}/v1/transaction?status=SETTLEMENT_COMPLETED&_limit=1`)
        ).json()) as { id: string; organisation: string }[];
        await page.goto('/psp/admin/status-updates');
        await page.getByRole('button', { name: en ? 'New status update' : 'Nieuwe statusupdate' }).click();
        // A well-formed id of no transaction: the refusal sits on the Id field.
        const missing = tx.id.slice(0, -1) + (tx.id.endsWith('0') ? '1' : '0');
        await drawer(page).getByLabel('Id', { exact: true }).fill(missing);
        await choose(page, /^Status$/, en ? /^Declined$/ : /^Geweigerd$/, en ? 'Declined' : 'Geweigerd');
        await drawer(page)
          .getByRole('button', { name: en ? 'Save' : 'Opslaan' })
          .click();
        await expect
          .poll(() => drawer(page).locator('.ant-form-item-explain-error').allTextContents(), SLOW)
          .toContain(
            en ? 'This no longer exists or you cannot see it' : 'Dit bestaat niet meer of je kunt het niet zien',
          );
        // A settled payment may go on to a chargeback; the lifecycle refuses DECLINED from here (409),
        // and says so on the Status field (it used to say nothing).
        await drawer(page).getByLabel('Id', { exact: true }).fill(tx.id);
        await drawer(page)
          .getByRole('button', { name: en ? 'Save' : 'Opslaan' })
          .click();
        await expect
          .poll(() => drawer(page).locator('.ant-form-item-explain-error').allTextContents(), SLOW)
          .toContain(
            en
              ? "The transaction's lifecycle does not allow this status change"
              : 'De levenscyclus van de transactie staat deze statuswijziging niet toe',
          );
        await screenshot(page, `status-update-refused-${en ? 'en' : 'nl'}`);
        await choose(page, /^Status$/, en ? /^Chargeback$/ : /^Terugboeking$/, en ? 'Chargeback' : 'Terugboeking');
        await screenshot(page, `status-update-form-${en ? 'en' : 'nl'}`);
        await drawer(page)
          .getByRole('button', { name: en ? 'Save' : 'Opslaan' })
          .click();
        await expect.poll(() => drawer(page).textContent(), SLOW).toContain(en ? 'Previous status' : 'Vorige status');
        await screenshot(page, `status-update-detail-${en ? 'en' : 'nl'}`);
        await drawer(page).getByRole('link', { name: tx.id }).click();
        await expect.poll(() => page.url(), SLOW).toContain(`/transactions?id=${tx.id}`);
        await openTab(drawer(page), en ? 'Status history' : 'Statusgeschiedenis');
        const history = drawer(page).locator('.ant-timeline');
        await expect.poll(() => history.textContent(), SLOW).toContain(en ? 'Chargeback' : 'Terugboeking');
        await screenshot(page, `status-update-history-${en ? 'en' : 'nl'}`);
        const stored = await (await page.request.get(`${suite.server.baseUrl}/v1/transaction/${tx.id}`)).json();
        expect(stored.status).toBe('CHARGEBACK');
        expect(stored.status_history.at(-1).status).toBe('CHARGEBACK');
        await context.close();
      }
    },
  );
});
