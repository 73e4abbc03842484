import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller } from '../payments/payments-test-helpers.ts';

/**
 * A payment link paid with a payment a review ruleset holds (issue 36): the link is neither paid
 * nor open while a reviewer decides, so the customer cannot pay it twice; approving makes it paid,
 * declining opens it again for another card.
 */
let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
const nobody = {} as { cookie: string };
const tokenOf = (url: string) => url.split('/').at(-1)!;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  const ruleset = await call(a, 'POST', '/v1/validationruleset', {
    name: 'Review big links',
    action: 'review',
    rules: [{ name: 'amount', operator: '>=', value: '90000' }],
  });
  expect(ruleset.status).toBe(201);
});
afterAll(() => t.close());

const newLink = async (reference: string) => {
  const link = await call(a, 'POST', '/v1/payment-link', {
    payment_profile: world.profileA,
    amount: 95_000,
    merchant_reference: reference,
  });
  expect(link.status).toBe(201);
  return { id: link.body.id as string, token: tokenOf(link.body.url) };
};
const pay = (token: string) => call(nobody, 'POST', `/v1/pay/${token}`, { card_number: '4111111111111111' });
const paymentsOf = async (reference: string) =>
  (
    await t.db.query<{ status: string }>(
      sql`select status from transaction where merchant_reference = ${reference} order by created_at`,
    )
  ).map((r) => r.status);
const caseOf = async (reference: string) =>
  (
    await t.db.query<{ id: string }>(
      sql`select c.id from review_case c join transaction x on x.id = c.transaction_id where x.merchant_reference = ${reference}`,
    )
  )[0].id;

describe('a payment link whose payment is held for review', () => {
  it('shows processing and charges nothing more while held; approving makes the link paid', async () => {
    const { id, token } = await newLink('LINK-REVIEW-1');
    expect((await pay(token)).body).toMatchObject({ state: 'processing', transaction_status: 'AUTHORIZED' });
    expect((await call(nobody, 'GET', `/v1/pay/${token}`)).body.state).toBe('processing');
    // A second click (or a second tab) charges nothing.
    expect((await pay(token)).body.state).toBe('processing');
    expect(await paymentsOf('LINK-REVIEW-1')).toEqual(['AUTHORIZED']);

    const decided = await call(a, 'POST', '/v1/review/approve', { ids: [await caseOf('LINK-REVIEW-1')] });
    expect(decided.status).toBe(200);
    expect((await call(nobody, 'GET', `/v1/pay/${token}`)).body).toMatchObject({
      state: 'paid',
      transaction_status: 'SETTLEMENT_REQUESTED',
    });
    expect((await call(a, 'GET', `/v1/payment-link/${id}`)).body.status).toBe('DONE');
    expect((await pay(token)).body.state).toBe('paid');
    expect(await paymentsOf('LINK-REVIEW-1')).toEqual(['SETTLEMENT_REQUESTED']);
  });

  it('opens the link again when the reviewer declines, and the held payment is not a failed card attempt', async () => {
    const { token } = await newLink('LINK-REVIEW-2');
    expect((await pay(token)).body.state).toBe('processing');
    const declined = await call(a, 'POST', '/v1/review/decline', {
      ids: [await caseOf('LINK-REVIEW-2')],
      reason: 'Customer could not be reached',
    });
    expect(declined.status).toBe(200);
    expect((await call(nobody, 'GET', `/v1/pay/${token}`)).body).toMatchObject({
      state: 'open',
      transaction_status: 'AUTHORIZATION_VOIDED',
    });
    const [{ failed }] = await t.db.query<{ failed: number }>(
      sql`select failed_attempts::int as failed from payment_link where merchant_reference = 'LINK-REVIEW-2'`,
    );
    expect(failed).toBe(0);
  });
});
