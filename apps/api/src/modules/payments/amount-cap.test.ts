import { MAX_AMOUNT_MINOR } from '@kassa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let merchant: { cookie: string };
let provider: { cookie: string };
let txId = '';

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  merchant = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  await t.db.query(sql`update organisation set features = '{collecting}' where id = ${world.provider.id}`);
  txId = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 5000 });
});
afterAll(() => t.close());

const post = async (url: string, payload: object, who = merchant) => {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: who });
  return { status: response.statusCode, body: response.json() };
};
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

/** Every money input: the call, the body around the amount, the amount's path and who may call it. */
const INPUTS = () => [
  {
    url: '/v1/transaction',
    body: (amount: number) => ({
      payment_profile: world.profileA,
      amount,
      payment_product_type: 'card',
      merchant_reference: 'CAP',
    }),
    path: 'body.amount',
  },
  { url: `/v1/transaction/${txId}/refund`, body: (amount: number) => ({ amount }), path: 'body.amount' },
  { url: '/v1/refund', body: (amount: number) => ({ transaction: txId, amount }), path: 'body.amount' },
  {
    url: '/v1/payment-link',
    body: (amount: number) => ({ payment_profile: world.profileA, amount }),
    path: 'body.amount',
  },
  { url: '/v1/plan', body: (amount: number) => ({ amount }), path: 'body.amount' },
  {
    url: '/v1/subscription-discount',
    body: (amount: number) => ({ type: 'fixed_cents', amount, minimum_amount: amount }),
    path: 'body.amount',
  },
  {
    url: '/v1/one-off',
    body: (amount: number) => ({ description: 'x', amount }),
    path: 'body.amount',
    who: 'provider',
  },
  {
    url: '/v1/one-off',
    body: (amount: number) => ({ description: 'x', amount: -amount }),
    path: 'body.amount',
    who: 'provider',
  },
  {
    url: '/v1/pricing/revenue',
    body: (amount: number) => ({ rules: [{ fixed: amount }] }),
    path: 'body.rules.0.fixed',
    who: 'provider',
  },
  {
    url: `/v1/psp/merchant/${world.shopA.id}/configuration`,
    body: (amount: number) => ({ max_transaction_amount: amount }),
    path: 'body.max_transaction_amount',
    who: 'provider',
  },
];

describe('the business cap on every money input (issue 30 item 6)', () => {
  it('refuses the issue’s unbounded amount with a stable code naming the field', async () => {
    const refused = await post('/v1/transaction', INPUTS()[0].body(9007199254740991));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('amount_too_large');
    expect(paths(refused.body)).toEqual(['body.amount']);
    expect(await t.db.query(sql`select 1 from transaction where merchant_reference = 'CAP'`)).toHaveLength(0);
  });

  it('takes a payment of exactly the cap', async () => {
    const paid = await post('/v1/transaction', INPUTS()[0].body(MAX_AMOUNT_MINOR));
    expect(paid.status).toBe(201);
    expect(paid.body.amount).toBe(MAX_AMOUNT_MINOR);
  });

  const NAMES = [
    'transaction',
    'transaction refund',
    'refund',
    'payment link',
    'plan',
    'subscription discount (amount and minimum)',
    'one-off credit',
    'one-off debit',
    'pricing scheme rule',
    'merchant configuration',
  ];
  it.each(NAMES.map((name, index) => [name, index] as const))(
    '%s: one over the cap is refused, the cap itself is not',
    async (_name, index) => {
      const input = INPUTS()[index];
      const who = input.who === 'provider' ? provider : merchant;
      const over = await post(input.url, input.body(MAX_AMOUNT_MINOR + 1), who);
      expect(over.status, JSON.stringify(over.body)).toBe(400);
      expect(over.body.code).toBe('amount_too_large');
      expect(paths(over.body)).toContain(input.path);
      // At the cap the amount passes the cap (a refund is still held to its payment's amount).
      const at = await post(input.url, input.body(MAX_AMOUNT_MINOR), who);
      expect(at.body.code).not.toBe('amount_too_large');
      if (!input.url.includes('refund')) expect(paths(at.body)).not.toContain(input.path);
    },
  );

  it('holds a currency with fewer decimals to its own cap (JPY 99,999,999)', async () => {
    await t.db.query(sql`update payment_profile set currency_code = 'JPY' where id = ${world.profileB}`);
    const b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const over = await post('/v1/payment-link', { payment_profile: world.profileB, amount: 100_000_000 }, b);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('amount_too_large');
    expect(paths(over.body)).toEqual(['body.amount']);
    expect((await post('/v1/payment-link', { payment_profile: world.profileB, amount: 99_999_999 }, b)).status).toBe(
      201,
    );
  });
});
