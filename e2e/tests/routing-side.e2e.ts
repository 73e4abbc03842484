import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCall } from '../support/accounts.ts';
import { screenshot, type Language } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, drawer, SLOW } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

const suite = useServerAndBrowser();

type Row = { id: string; name: string };
type Me = { organisation: { id: string; name: string } };

const words = {
  'en-US': {
    details: 'Details',
    unroutable: 'Unroutable: this processor is switched off',
    children: 'Organisations below it',
    delete: 'Delete',
    inUse: 'This design is still used by subscription plans',
    valuesOnly: 'only the values of the existing details',
  },
  nl: {
    details: 'Details',
    unroutable: 'Onrouteerbaar: deze processor staat uit',
    children: 'Onderliggende organisaties',
    delete: 'Verwijderen',
    inUse: 'Dit ontwerp wordt nog gebruikt door abonnementsplannen',
    valuesOnly: 'alleen de waarden van de bestaande details',
  },
} as const;

/** A switched-off card processor of the provider's (made for this attempt), to route to. */
const inactiveProcessor = async () => {
  const me = await adminCall<Me>(suite.server.baseUrl, 'GET', '/v1/auth/me');
  return adminCall<Row>(suite.server.baseUrl, 'POST', '/v1/processor', {
    name: unique('Dormant acquirer'),
    organisation: me.organisation.id,
    description: 'Switched off',
    type: 'processor',
    provider: 'sandbox',
    payment_product: 'card',
    user: 'kassa',
    active: false,
    details: [{ name: 'apiKey', description: 'Key', value: 'dormant-secret-0001' }],
  });
};

const openDetails = async (page: Page, name: string, language: Language) => {
  await page.goto('/intelligent-routing');
  const card = page.locator('.ant-collapse-item', { hasText: name });
  await card.getByRole('button', { name: words[language].details, exact: true }).click();
  await expect.poll(() => drawer(page).innerText(), SLOW).toContain(name);
  await animationsDone(page);
};

describe('routing side detail, organisation children, checkout design delete, processor values', () => {
  for (const language of ['en-US', 'nl'] as const) {
    it(`shows organisation and processors as links and a switched-off processor as unroutable (${language})`, async () => {
      const dormant = await inactiveProcessor();
      const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
      const me = await getJson<Me>(page, '/v1/auth/me');
      const [active] = await getJson<Row[]>(page, '/v1/processor?payment_product=card&active=true&_sort=name');
      const name = unique('Side detail');
      await postJson(page, '/v1/routing', {
        name,
        payment_product: 'card',
        details: { if: [{ name: 'amount', operator: '>', value: '5000' }], then: active.id, else: dormant.id },
      });
      await openDetails(page, name, language);
      const panel = drawer(page);
      expect(await panel.innerText()).toContain(words[language].unroutable);
      // Exactly the switched-off one is marked (once in the processor list, once in the tree).
      expect(await panel.getByTestId('unroutable').count()).toBe(2);
      const orgLink = panel.getByRole('link', { name: me.organisation.name });
      expect(await orgLink.getAttribute('href')).toBe(`/organisations?id=${me.organisation.id}`);
      const processorLink = panel.getByRole('link', { name: dormant.name });
      expect(await processorLink.getAttribute('href')).toContain(`processor-compare?ids=${dormant.id}`);
      expect(await panel.getByRole('link', { name: active.name }).count()).toBe(1);
      await screenshot(page, `routing-side-detail-${language}`);

      // The organisation link opens it, with the organisations below it (§3 children) as links.
      const organisation = await getJson<{ children: string[] }>(page, `/v1/organisation/${me.organisation.id}`);
      await orgLink.click();
      await expect.poll(() => bodyText(page), SLOW).toContain(words[language].children);
      if (organisation.children.length > 0) {
        const child = await getJson<Row>(page, `/v1/organisation/${organisation.children[0]}`);
        expect(await page.locator('.ant-card').getByRole('link', { name: child.name }).count()).toBe(1);
      }
      await screenshot(page, `organisation-children-${language}`);
      await context.close();
    });
  }

  it('refuses to delete a checkout design a plan uses, naming the plan, and deletes it once free (nl)', async () => {
    const { context, page } = await signedInAs(suite, 'merchant@kassa.test', 'nl');
    const design = await postJson<Row>(page, '/v1/checkoutdesign', { name: unique('Weg ermee') });
    const [profile] = await getJson<Row[]>(page, '/v1/paymentprofile?_limit=1');
    const plan = await postJson<Row>(page, '/v1/plan', {
      name: unique('Plan met ontwerp'),
      payment_profile: profile.id,
      amount: 1250,
      interval: 'month',
      checkout: design.id,
    });
    const remove = async () => {
      await page.goto(`/checkout-designs/${design.id}`);
      await page.getByRole('button', { name: words.nl.delete }).first().click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: words.nl.delete }).click();
    };
    await remove();
    await expect.poll(() => bodyText(page), SLOW).toContain(words.nl.inUse);
    expect(await page.getByRole('alert').innerText()).toContain(plan.name);
    await animationsDone(page);
    await screenshot(page, 'checkout-design-in-use-nl');
    await postJson(page, `/v1/plan/${plan.id}`, { checkout: null });
    await remove();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/checkout-designs');
    expect((await page.request.get(`/v1/checkoutdesign/${design.id}`)).status()).toBe(404);
    await context.close();
  });

  for (const language of ['en-US', 'nl'] as const)
    it(`in a merchant's context the processor form changes only detail values (${language})`, async () => {
      const { context, page } = await signedInAs(suite, 'admin@kassa.test', language);
      const [merchant] = await getJson<Row[]>(page, '/v1/organisation?type=merchant&_limit=1&_sort=name');
      const [processor] = await getJson<Row[]>(page, '/v1/processor?type=processor&_limit=1&_sort=name');
      await page.goto(`/psp/merchants/${merchant.id}/processors?open=${processor.id}`);
      await expect.poll(() => drawer(page).innerText(), SLOW).toContain(words[language].valuesOnly);
      const panel = drawer(page);
      expect(await panel.getByRole('button', { name: /Add detail|Gegeven toevoegen/ }).count()).toBe(0);
      expect(
        await panel
          .getByLabel(/^(Name|Naam)$/)
          .first()
          .isDisabled(),
      ).toBe(true);
      expect(
        await panel
          .getByLabel(/^(Value|Waarde)$/)
          .first()
          .isDisabled(),
      ).toBe(false);
      await animationsDone(page);
      await screenshot(page, `processor-values-only-${language}`);
      // At the provider's own level the whole form is open.
      await page.goto(`/psp/processors?open=${processor.id}`);
      await expect.poll(() => drawer(page).innerText(), SLOW).not.toContain(words[language].valuesOnly);
      expect(
        await drawer(page)
          .getByLabel(/^(Name|Naam)$/)
          .first()
          .isDisabled(),
      ).toBe(false);
      await context.close();
    });

  it('shows a sub-organisation its merchant’s rulesets read-only (nl)', async () => {
    const merchant = await signedInAs(suite, 'merchant@kassa.test', 'nl');
    const name = unique('Blokkeer grote bedragen');
    await postJson(merchant.page, '/v1/validationruleset', {
      name,
      action: 'block',
      rules: [{ name: 'amount', operator: '>', value: '5000000' }],
    });
    await merchant.context.close();
    const { context, page } = await signedInAs(suite, 'winkel@kassa.test', 'nl');
    await page.goto('/riskrules');
    const card = page.locator('.ant-card', { hasText: name });
    await expect.poll(() => card.innerText(), SLOW).toContain('Ingesteld door je merchant');
    expect(await card.getByRole('button').count()).toBe(0);
    await screenshot(page, 'inherited-rulesets-nl');
    await context.close();
  });

  it('the demo world shows links in every status and webhooks really delivered, some failing on purpose (en)', async () => {
    const { context, page } = await signedInAs(suite, 'admin@kassa.test', 'en-US');
    type Hook = { id: string; state: string; delivered: boolean; attempts: number; url: string };
    // The worker delivers the demo's queued webhooks to the receiver on this server once it listens.
    await expect
      .poll(
        async () => {
          const hooks = await getJson<Hook[]>(page, '/v1/webhook?_limit=200');
          const demo = hooks.filter((h) => h.url.includes('/v1/demo/webhook-receiver/'));
          return [demo.some((h) => h.delivered), demo.some((h) => !h.delivered && h.attempts > 0)];
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toEqual([true, true]);
    await page.goto('/psp/webhooks');
    await expect.poll(() => bodyText(page), SLOW).toContain('/v1/demo/webhook-receiver/');
    await animationsDone(page);
    await screenshot(page, 'demo-webhooks-en-US');
    const links = await getJson<{ status: string }[]>(page, '/v1/payment-link?_limit=200');
    expect(new Set(links.map((l) => l.status))).toEqual(
      new Set(['CREATED', 'INITIATED', 'DONE', 'EXPIRED', 'BLOCKED']),
    );
    const scheduled = await getJson<{ status: string }[]>(page, '/v1/scheduled-transaction?_limit=200');
    expect(new Set(scheduled.map((s) => s.status))).toEqual(new Set(['CREATED', 'DONE', 'FAILED']));
    await context.close();
  });
});
