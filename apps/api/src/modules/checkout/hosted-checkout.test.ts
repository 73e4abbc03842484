import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller } from '../payments/payments-test-helpers.ts';
import { expireCheckoutSessions } from './hosted-checkout.service.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
const nobody = {} as { cookie: string };
const HOOK = 'https://shop-a.kassa.dev/hooks/transactions';

const pay = (overrides: Record<string, unknown> = {}) =>
  call(a, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount: 60_000,
    payment_product_type: 'card',
    merchant_reference: 'SECURE',
    ...overrides,
  });
const tokenOf = (url: string) => url.split('/').at(-1)!;
const page = (token: string) => call(nobody, 'GET', `/v1/checkout/${token}`);
const answer = (token: string, code: string) => call(nobody, 'POST', `/v1/checkout/${token}/challenge`, { code });
const transaction = async (id: string) => (await call(a, 'GET', `/v1/transaction/${id}`)).body;
const webhookStatuses = async (id: string) =>
  (
    await t.db.query<{ event: string; status: string }>(
      sql`select event, status from webhook where item_id = ${id} order by created_at, id`,
    )
  ).map((w) => `${w.event}:${w.status}`);

/** A payment sent to the challenge; answers its id and token. */
const challenged = async (overrides: Record<string, unknown> = {}) => {
  const created = await pay(overrides);
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('IN_PROGRESS');
  return { id: created.body.id as string, token: tokenOf(created.body.checkout_url) };
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  await t.db.query(
    sql`update payment_profile set webhook_transaction_update = ${HOOK}, display_name = 'Shop A online' where id = ${world.profileA}`,
  );
  const ruleset = await call(a, 'POST', '/v1/validationruleset', {
    name: 'Secure big',
    action: '3dSecure',
    rules: [{ name: 'amount', operator: '>=', value: '50000' }],
  });
  expect(ruleset.status).toBe(201);
  const design = await call(a, 'POST', '/v1/checkoutdesign', {
    name: 'Green',
    header_color: '#0b6e4f',
    button_color: '#0b6e4f',
    number_format: 'nl_NL',
  });
  expect(design.status).toBe(201);
});
afterAll(() => t.close());

describe('hosted checkout with a 3-D Secure challenge', () => {
  it('sends a payment the ruleset asks 3-D Secure for to the hosted page, and routes and authorises it after the right code', async () => {
    const created = await pay({ card_number: '5555555555554444', return_url: 'https://shop-a.test/thanks' });
    expect(created.body).toMatchObject({
      status: 'IN_PROGRESS',
      status_reason: '3-D Secure challenge pending',
      processor: null,
      three_ds: true,
    });
    expect(created.body.decision).toMatchObject({
      three_ds_required: true,
      challenge: 'pending',
      routing: null,
      acquirer: null,
    });
    expect(created.body.checkout_url).toMatch(/^http:\/\/localhost:\d+\/checkout\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.body.checkout_url);
    // Only the token's hash is stored.
    expect((await t.db.query(sql`select id from checkout_session where token_hash = ${token}`)).length).toBe(0);

    const shown = await page(token);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body).toEqual({
      state: 'open',
      merchant_name: 'Shop A online',
      amount: 60_000,
      currency_code: 'EUR',
      merchant_reference: 'SECURE',
      description: null,
      card_brand: 'mastercard',
      card_last4: '4444',
      expires_at: expect.any(String),
      attempts_left: 3,
      transaction_status: 'IN_PROGRESS',
      held: false,
      return_url: 'https://shop-a.test/thanks',
      design: expect.objectContaining({
        header_color: '#0b6e4f',
        button_color: '#0b6e4f',
        number_format: 'nl_NL',
        show_language_switch: true,
      }),
    });
    expect(new Date(shown.body.expires_at).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    const wrong = await answer(token, '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toMatchObject([{ path: 'body.code', message: 'The code is not right; 2 tries left' }]);
    expect((await page(token)).body).toMatchObject({ state: 'open', attempts_left: 2 });
    expect((await answer(token, '')).body.details[0].path).toBe('body.code');

    const passed = await answer(token, '123456');
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({ state: 'authenticated', transaction_status: 'SETTLEMENT_REQUESTED' });
    const detail = await transaction(created.body.id);
    expect(detail).toMatchObject({ status: 'SETTLEMENT_REQUESTED', processor: world.processorId, status_reason: null });
    expect(detail.decision).toMatchObject({
      challenge: 'authenticated',
      routing: { processor: world.processorId, fallback: true },
      acquirer: { code: '00' },
    });
    expect(detail.status_history.map((s: { status: string }) => s.status)).toEqual([
      'INITIATED',
      'IN_PROGRESS',
      'SETTLEMENT_REQUESTED',
    ]);

    // A second submit changes nothing and sends nothing more.
    expect((await answer(token, '123456')).body).toMatchObject({
      state: 'authenticated',
      transaction_status: 'SETTLEMENT_REQUESTED',
    });
    expect(await webhookStatuses(created.body.id)).toEqual([
      'transaction.created:IN_PROGRESS',
      'transaction.updated:SETTLEMENT_REQUESTED',
    ]);
    const [audit] = await t.db.query<{ user_name: string; authentication: string }>(
      sql`select user_name, authentication from audit_log where type = 'three_ds_challenge_passed' and entity_id = ${created.body.id}`,
    );
    expect(audit).toEqual({ user_name: 'Customer (hosted checkout)', authentication: 'none' });
  });

  it('answers the test card’s decline after the challenge', async () => {
    const { id, token } = await challenged({ card_number: '4000000000000002' });
    expect((await answer(token, '123456')).body).toMatchObject({
      state: 'authenticated',
      transaction_status: 'DECLINED',
    });
    expect(await transaction(id)).toMatchObject({ status: 'DECLINED', status_reason: 'do not honour (05)' });
  });

  it('fails the payment at the third wrong code, once', async () => {
    const { id, token } = await challenged();
    expect((await answer(token, '111111')).status).toBe(422);
    expect((await answer(token, '222222')).body.message).toBe('The code is not right; 1 try left');
    const third = await answer(token, '333333');
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ state: 'failed', transaction_status: 'FAILED', attempts_left: 0 });
    expect((await answer(token, '123456')).body).toMatchObject({ state: 'failed', transaction_status: 'FAILED' });
    expect(await transaction(id)).toMatchObject({
      status: 'FAILED',
      status_reason: '3-D Secure authentication failed',
      processor: null,
    });
    expect((await transaction(id)).decision.challenge).toBe('failed');
    expect(await webhookStatuses(id)).toEqual(['transaction.created:IN_PROGRESS', 'transaction.updated:FAILED']);
  });

  it('fails a challenge nobody finished in time through the expiry job, once', async () => {
    const { id, token } = await challenged();
    const late = await challenged();
    await t.db.query(
      sql`update checkout_session set expires_at = now() - interval '1 second' where transaction_id = any(${[id, late.id]})`,
    );
    expect((await page(token)).body.state).toBe('expired');
    // The right code after the expiry does not pass; it fails the payment itself.
    expect((await answer(late.token, '123456')).body).toMatchObject({ state: 'expired', transaction_status: 'FAILED' });
    expect(await expireCheckoutSessions(t.db)).toBe(1);
    expect(await expireCheckoutSessions(t.db)).toBe(0);
    for (const tx of [id, late.id]) {
      expect(await transaction(tx)).toMatchObject({
        status: 'FAILED',
        status_reason: '3-D Secure challenge timed out',
      });
      expect(await webhookStatuses(tx)).toEqual(['transaction.created:IN_PROGRESS', 'transaction.updated:FAILED']);
    }
  });

  it('authorises once when the right code arrives twice at the same moment', async () => {
    const { id, token } = await challenged();
    const answers = await Promise.all([answer(token, '123456'), answer(token, '123456')]);
    expect(answers.map((r) => r.body.transaction_status)).toEqual(['SETTLEMENT_REQUESTED', 'SETTLEMENT_REQUESTED']);
    expect(await webhookStatuses(id)).toEqual([
      'transaction.created:IN_PROGRESS',
      'transaction.updated:SETTLEMENT_REQUESTED',
    ]);
  });

  it('charges merchant-initiated recurring payments and small ones without a challenge', async () => {
    const recurring = await pay({ recurring_type: 'recurring' });
    expect(recurring.body).toMatchObject({ status: 'SETTLEMENT_REQUESTED', three_ds: true });
    expect(recurring.body.checkout_url).toBeUndefined();
    expect((await pay({ amount: 1000 })).body.status).toBe('SETTLEMENT_REQUESTED');
  });

  it('opens nothing for an unknown or malformed token, and never shows ids of the payment or the shop', async () => {
    expect((await page('A'.repeat(43))).status).toBe(404);
    expect((await page('not-a-token')).status).toBe(404);
    expect((await answer('A'.repeat(43), '123456')).status).toBe(404);
    const { token } = await challenged();
    const text = JSON.stringify((await page(token)).body);
    expect(text).not.toMatch(/tx_|pp_|org_|cus_|prc_/);
  });

  it('rate-limits the public calls per IP address', async () => {
    const { token } = await challenged();
    await t.db.query(sql`delete from rate_limit where key like 'checkout:%'`);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await page(token)).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    const refused = await page(token);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('paying a payment link on the hosted checkout page', () => {
  // The rate-limit test above used up this address's requests.
  beforeAll(() => t.db.query(sql`delete from rate_limit where key like 'checkout:%'`));
  const newLink = async (amount: number, reference: string) => {
    const link = await call(a, 'POST', '/v1/payment-link', {
      payment_profile: world.profileA,
      amount,
      merchant_reference: reference,
      description: 'Bicycle bell',
    });
    expect(link.status).toBe(201);
    return { id: link.body.id as string, token: tokenOf(link.body.url) };
  };
  const payLink = (token: string, card_number: string) => call(nobody, 'POST', `/v1/pay/${token}`, { card_number });
  const paymentsOf = async (reference: string) =>
    (
      await t.db.query<{ status: string }>(
        sql`select status from transaction where merchant_reference = ${reference} order by created_at`,
      )
    ).map((r) => r.status);

  it('declines a refused card and leaves the link open, pays with the next card once, and charges nothing more', async () => {
    const { id, token } = await newLink(2500, 'LINK-1');
    const shown = await call(nobody, 'GET', `/v1/pay/${token}`);
    expect(shown.body).toMatchObject({
      state: 'open',
      merchant_name: 'Shop A online',
      amount: 2500,
      currency_code: 'EUR',
      description: 'Bicycle bell',
      transaction_status: null,
      checkout_url: null,
    });
    expect(shown.body.design.header_color).toBe('#0b6e4f');
    expect((await payLink(token, '4000000000000003')).body.details[0].path).toBe('body.card_number');
    expect((await payLink(token, '4000000000000002')).body).toMatchObject({
      state: 'open',
      transaction_status: 'DECLINED',
    });
    expect((await payLink(token, '4111 1111 1111 1111')).body).toMatchObject({
      state: 'paid',
      transaction_status: 'SETTLEMENT_REQUESTED',
    });
    expect((await payLink(token, '4111111111111111')).body.state).toBe('paid');
    expect(await paymentsOf('LINK-1')).toEqual(['DECLINED', 'SETTLEMENT_REQUESTED']);
    expect((await call(a, 'GET', `/v1/payment-link/${id}`)).body).toMatchObject({ status: 'DONE' });
  });

  it('sends a link payment a 3-D Secure ruleset challenges to the challenge, and marks the link paid when it passes', async () => {
    const { id, token } = await newLink(70_000, 'LINK-3DS');
    const paid = await payLink(token, '5555555555554444');
    expect(paid.body).toMatchObject({ state: 'open', transaction_status: 'IN_PROGRESS' });
    expect(paid.body.checkout_url).toMatch(/\/checkout\/[\w-]{43}$/);
    // While the challenge is open a second click charges nothing.
    expect((await payLink(token, '5555555555554444')).body.checkout_url).toBeNull();
    expect(await paymentsOf('LINK-3DS')).toEqual(['IN_PROGRESS']);
    expect((await answer(tokenOf(paid.body.checkout_url), '123456')).body.transaction_status).toBe(
      'SETTLEMENT_REQUESTED',
    );
    expect((await call(nobody, 'GET', `/v1/pay/${token}`)).body.state).toBe('paid');
    expect((await call(a, 'GET', `/v1/payment-link/${id}`)).body.status).toBe('DONE');
  });

  it('charges nothing on a switched-off link and opens nothing for an unknown token', async () => {
    const { id, token } = await newLink(1500, 'LINK-OFF');
    expect((await call(a, 'POST', `/v1/payment-link/${id}/deactivate`)).status).toBe(200);
    expect((await payLink(token, '4111111111111111')).body.state).toBe('inactive');
    expect(await paymentsOf('LINK-OFF')).toEqual([]);
    expect((await call(nobody, 'GET', `/v1/pay/${'x'.repeat(24)}`)).status).toBe(404);
  });
});
