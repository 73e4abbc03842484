import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller } from '../payments/payments-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
const nobody = {} as { cookie: string };
const HOOK = 'https://shop-a.kassa.dev/hooks/transactions';

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  await t.db.query(sql`update payment_profile set webhook_transaction_update = ${HOOK} where id = ${world.profileA}`);
});
afterAll(() => t.close());

/** A Luhn-valid 16-digit card number, a different one for each `n`. */
const cardNumber = (n: number) => {
  const body = `5105${String(n).padStart(11, '0')}`;
  const sum = [...body].reverse().reduce((total, digit, index) => {
    const value = Number(digit) * (index % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};
const newLink = async (who: { cookie: string }, profile: string, amount: number) => {
  const link = await call(who, 'POST', '/v1/payment-link', { payment_profile: profile, amount });
  expect(link.status).toBe(201);
  return { id: link.body.id as string, token: (link.body.url as string).split('/').at(-1)! };
};
const payLink = (token: string, card_number: string) => call(nobody, 'POST', `/v1/pay/${token}`, { card_number });
/** Payments that reached the acquirer for a link (a link without a reference pays under its id). */
const paymentsOf = async (linkId: string) =>
  (
    await t.db.query<{ n: number }>(
      sql`select count(*)::int as n from transaction where merchant_reference = ${linkId}`,
    )
  )[0].n;

describe('card testing through payment links (issue 30 item 5)', () => {
  it('closes a link after 5 failed payments: of 40 declining attempts only 5 reach the acquirer', async () => {
    // Amounts ending in 51 are declined by the sandbox acquirer for every card ("insufficient funds").
    const { id, token } = await newLink(a, world.profileA, 2551);
    const answers: (string | number)[] = [];
    for (let n = 0; n < 40; n++) {
      const paid = await payLink(token, cardNumber(n));
      answers.push(paid.status === 200 ? paid.body.state : `${paid.status} ${paid.body.code}`);
    }
    expect(answers).toEqual([...Array(4).fill('open'), 'blocked', ...Array(35).fill('409 payment_link_blocked')]);
    expect(await paymentsOf(id)).toBe(5);
    // The hosted page says so, and a good card does not reopen it.
    expect((await call(nobody, 'GET', `/v1/pay/${token}`)).body.state).toBe('blocked');
    expect((await payLink(token, '4111111111111111')).status).toBe(409);
    expect(await paymentsOf(id)).toBe(5);
    // The merchant hears of it: the link's webhook, once, and the audit trail.
    expect(
      await t.db.query(sql`select event, status, url from webhook where item_id = ${id} and type = 'paymentlink'`),
    ).toEqual([{ event: 'paymentlink.updated', status: 'BLOCKED', url: HOOK }]);
    expect(
      await t.db.query(sql`select type from audit_log where entity_id = ${id} and type = 'payment_link_blocked'`),
    ).toHaveLength(1);
    const listed = await call(a, 'GET', `/v1/payment-link/${id}`);
    expect(listed.body).toMatchObject({ status: 'BLOCKED', active: false });
  });

  it('refuses a card that failed 3 times on the merchant’s links within the hour, without the acquirer', async () => {
    const declined = '4000000000000002';
    const links = await Promise.all([1, 2, 3, 4].map(() => newLink(a, world.profileA, 1500)));
    for (const link of links.slice(0, 3)) {
      const paid = await payLink(link.token, declined);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ state: 'open', transaction_status: 'DECLINED' });
    }
    const refused = await payLink(links[3].token, declined);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('card_refused');
    expect(refused.body.details).toMatchObject([{ path: 'body.card_number', message: expect.any(String) }]);
    expect(await paymentsOf(links[3].id)).toBe(0);
    // Another card still pays on that link; another merchant's link still asks the acquirer.
    expect((await payLink(links[3].token, '4111111111111111')).body.state).toBe('paid');
    const other = await newLink(b, world.profileB, 1500);
    expect((await payLink(other.token, declined)).body.transaction_status).toBe('DECLINED');
    expect(await paymentsOf(other.id)).toBe(1);
    // Failures are kept by a keyed fingerprint, never the number or its digits.
    const stored = JSON.stringify(await t.db.query(sql`select * from card_failure`));
    expect(stored).not.toContain(declined);
    expect(stored).not.toContain('400000');
    // An hour later the card may be tried again.
    await t.db.query(sql`update card_failure set failed_at = failed_at - interval '61 minutes'`);
    expect((await payLink(links[3].token, declined)).status).not.toBe(402);
  });
});
