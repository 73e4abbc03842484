import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { newContext, screenshot, signInThroughPage } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, openTab } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

const suite = useServerAndBrowser();

type Tx = {
  id: string;
  status: string;
  status_reason: string | null;
  processor: string | null;
  checkout_url?: string;
  decision: { challenge?: string };
};

const post = async <T>(request: APIRequestContext, path: string, data: unknown) => {
  const response = await request.post(path, { data, headers: { origin: suite.server.baseUrl } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
};

/** Enters a code on the challenge and presses the confirm button, the way a customer does. */
const enterCode = async (page: Page, code: string) => {
  await page.getByLabel(/^(Verificatiecode|Verification code)$/).fill(code);
  await page.getByRole('button', { name: /^(Betaling bevestigen|Confirm payment)$/ }).click();
};

describe('the hosted checkout page with a 3-D Secure challenge', () => {
  it('lets a customer pay a payment link through the challenge in Dutch and fail a challenge in English, in the merchant’s design, and the payments follow', async () => {
    const { browser, server } = suite;
    const merchant = await newContext(browser, server.baseUrl, 'en-US');
    const back = await merchant.newPage();
    await signInThroughPage(back, 'merchant@kassa.test');
    await back.waitForURL((url) => !url.pathname.startsWith('/login'));
    const api = back.request;
    const [profile] = (await (await api.get('/v1/paymentprofile?_limit=1&currency_code=EUR')).json()) as {
      id: string;
    }[];
    await post(api, '/v1/validationruleset', {
      name: unique('Challenge 888'),
      action: '3dSecure',
      rules: [{ name: 'amount', operator: '>=', value: '88800' }],
    });
    await post(api, '/v1/checkoutdesign', {
      name: unique('Forest'),
      header_color: '#0b6e4f',
      button_color: '#0b6e4f',
      number_format: 'nl_NL',
    });
    const pay = (reference: string) =>
      post<Tx>(api, '/v1/transaction', {
        payment_profile: profile.id,
        amount: 88_800,
        payment_product_type: 'card',
        merchant_reference: reference,
        card_number: '5555555555554444',
        return_url: 'https://shop.example/thanks',
      });

    // Dutch: a payment link paid with a test card, which the 3-D Secure ruleset sends to the challenge: one wrong code, then the right one.
    const link = await post<{ id: string; url: string }>(api, '/v1/payment-link', {
      payment_profile: profile.id,
      amount: 88_800,
      merchant_reference: 'CHECKOUT-NL',
      description: 'Racefiets',
    });
    const customerNl = await newContext(browser, server.baseUrl, 'nl');
    const nl = await customerNl.newPage();
    await nl.goto(link.url);
    await nl.getByRole('heading', { level: 1, name: 'Betalen' }).waitFor();
    expect(await nl.getByText('Racefiets').count()).toBe(1);
    await screenshot(nl, 'checkout-pay-link-nl');
    expect(await seriousViolations(nl, 'payment link nl')).toEqual([]);
    await nl.getByLabel('Kaartnummer').fill('5555 5555 5555 4444');
    await nl.getByRole('button', { name: '€ 888,00 betalen' }).click();
    await nl.waitForURL(/\/checkout\//);
    await nl.getByRole('heading', { level: 1, name: 'Bevestig je betaling' }).waitFor();
    expect(await nl.getByText('€ 888,00').count()).toBe(1);
    expect(await nl.getByText('Mastercard •••• 4444').count()).toBe(1);
    expect(await nl.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 110, 79)');
    await enterCode(nl, '000000');
    await nl.getByRole('alert').filter({ hasText: 'Die code klopt niet. Je hebt nog 2 pogingen.' }).waitFor();
    await screenshot(nl, 'checkout-challenge-nl');
    expect(await seriousViolations(nl, 'checkout challenge nl')).toEqual([]);
    await enterCode(nl, '123456');
    // The demo's review rule holds the merchant's card payments of 750.00 or more (issue 36): the
    // challenge's end says the payment is being checked, not that it succeeded, and so does the
    // link, until the merchant approves it, which captures it.
    await nl
      .getByText('Je bank heeft de betaling bevestigd en de winkel controleert hem nog.', { exact: false })
      .waitFor();
    expect(await nl.getByText('Betaling geslaagd').count()).toBe(0);
    await screenshot(nl, 'checkout-held-nl');
    expect(await seriousViolations(nl, 'checkout held nl')).toEqual([]);
    const challengeUrl = nl.url();
    const heldEn = await newContext(browser, server.baseUrl, 'en-US');
    const heldPage = await heldEn.newPage();
    await heldPage.goto(challengeUrl);
    await heldPage.getByText('Payment being checked').waitFor();
    await screenshot(heldPage, 'checkout-held-en');
    await heldEn.close();
    const held = (await (await api.get(`/v1/payment-link/${link.id}?_populate=transaction`)).json()) as {
      status: string;
      transaction: Tx;
    };
    expect(held).toMatchObject({ status: 'INITIATED', transaction: { status: 'AUTHORIZED' } });
    await nl.goto(link.url);
    await nl.getByText('Betaling wordt gecontroleerd').waitFor();
    const cases = (await (await api.get('/v1/review?status=PENDING&_limit=100')).json()) as {
      id: string;
      transaction: string;
    }[];
    const review = cases.find((c) => c.transaction === held.transaction.id);
    expect(review, 'the held payment is in the review queue').toBeDefined();
    await post(api, '/v1/review/approve', { ids: [review!.id] });
    const linked = (await (await api.get(`/v1/payment-link/${link.id}?_populate=transaction`)).json()) as {
      status: string;
      transaction: Tx;
    };
    expect(linked).toMatchObject({
      status: 'DONE',
      transaction: { status: 'SETTLEMENT_REQUESTED', decision: { challenge: 'authenticated' } },
    });
    expect(linked.transaction.processor).not.toBeNull();
    // Approved: the challenge's end now says the payment succeeded.
    await nl.goto(challengeUrl);
    await nl.getByText('Betaling geslaagd').waitFor();
    await screenshot(nl, 'checkout-paid-nl');
    await nl.goto(link.url);
    await nl.getByText('Deze betaallink is betaald. Bedankt!').waitFor();
    await customerNl.close();
    // The merchant sees the challenge in the payment's decision.
    await back.goto(`/transactions?open=${linked.transaction.id}`);
    const detail = back.locator('.ant-drawer');
    await openTab(detail, 'Decision', detail.getByText('Required by a ruleset: challenge passed', { exact: true }));
    await animationsDone(back);
    await screenshot(back, 'checkout-decision-en');

    // English: three wrong codes fail the payment.
    const second = await pay('CHECKOUT-EN');
    const customerEn = await newContext(browser, server.baseUrl, 'en-US');
    const en = await customerEn.newPage();
    await en.goto(second.checkout_url!);
    await en.getByRole('heading', { level: 1, name: 'Confirm your payment' }).waitFor();
    await screenshot(en, 'checkout-challenge-en');
    expect(await seriousViolations(en, 'checkout challenge en')).toEqual([]);
    await enterCode(en, '111111');
    await en.getByRole('alert').filter({ hasText: 'That code is not right. You have 2 tries left.' }).waitFor();
    await enterCode(en, '222222');
    await en.getByRole('alert').filter({ hasText: 'That code is not right. You have 1 try left.' }).waitFor();
    await enterCode(en, '333333');
    await en.getByText('Verification failed').waitFor();
    expect(await en.getByRole('link', { name: /^Back to / }).getAttribute('href')).toBe('https://shop.example/thanks');
    await screenshot(en, 'checkout-failed-en');
    expect(await seriousViolations(en, 'checkout failed en')).toEqual([]);
    const failed = (await (await api.get(`/v1/transaction/${second.id}`)).json()) as Tx;
    expect(failed).toMatchObject({
      status: 'FAILED',
      status_reason: '3-D Secure authentication failed',
      processor: null,
    });

    // A token that opens nothing.
    await en.goto(`/checkout/${'A'.repeat(43)}`);
    await en.getByRole('heading', { level: 1, name: 'Payment page not found' }).waitFor();
    await customerEn.close();
    await merchant.close();
  });
});
