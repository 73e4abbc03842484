// Runs on both engines: issue 36 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from '../payments/payments-test-helpers.ts';
import { advanceSettlementLifecycle } from '../payments/settlement-lifecycle.job.ts';
import { applyReviewExpiryPolicy } from './review.service.ts';

const HOOK = 'https://hooks.kassa-merchant.nl/review';
let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
let admin: { cookie: string };
let analyst: { cookie: string };
let customer: string;

const pay = (amount: number, overrides: Record<string, unknown> = {}) =>
  call(a, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount,
    payment_product_type: 'card',
    merchant_reference: `REV-${amount}`,
    customer,
    ...overrides,
  });
const caseOf = async (transactionId: string) =>
  (
    await t.db.query<{ id: string; status: string; decided_via: string | null }>(
      sql`select id, status, decided_via from review_case where transaction_id = ${transactionId}`,
    )
  )[0];
const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>(sql`select status from transaction where id = ${id}`))[0].status;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, b, admin, analyst] = await Promise.all(
    ['a', 'b', 'admin', 'a-analyst'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
  await t.db.query(sql`update payment_profile set webhook_transaction_update = ${HOOK} where id = ${world.profileA}`);
  customer = await insertTestCustomer(t.db, world.shopA);
  const created = await call(a, 'POST', '/v1/validationruleset', {
    name: 'Big card payments',
    action: 'review',
    rules: [{ name: 'amount', operator: '>=', value: '50000' }],
  });
  expect(created.status).toBe(201);
});
afterAll(() => t.close());

describe('the review ruleset action', () => {
  it('authorises a matching card payment and holds it, with the rules that matched; a small one is captured', async () => {
    const held = await pay(60_000);
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ status: 'AUTHORIZED', status_reason: 'Held for review: Big card payments' });
    expect(held.body.decision).toMatchObject({
      review: 'held',
      rulesets: [{ name: 'Big card payments', action: 'review' }],
    });
    const small = await pay(1000);
    expect(small.body.status).toBe('SETTLEMENT_REQUESTED');
    expect(await caseOf(small.body.id)).toBeUndefined();

    const queue = await call(a, 'GET', `/v1/review?status=PENDING&_populate=transaction`);
    expect(queue.status).toBe(200);
    const row = queue.body.find((r: { transaction: { id: string } }) => r.transaction.id === held.body.id);
    expect(row).toMatchObject({ status: 'PENDING', amount: 60_000, currency_code: 'EUR', card_country: 'US' });
    expect(row.rules).toEqual([
      expect.objectContaining({
        name: 'Big card payments',
        rules: [{ name: 'amount', operator: '>=', value: '50000' }],
      }),
    ]);
    expect(new Date(row.sla_due_at).getTime() - new Date(row.created_at).getTime()).toBeCloseTo(4 * 3_600_000, -4);

    // The merchant's webhook tells the payment is authorised and held.
    const [hook] = await t.db.query<{ status: string; payload: { data: { status: string; status_reason: string } } }>(
      sql`select status, payload from webhook where item_id = ${held.body.id} and event = 'transaction.created'`,
    );
    expect(hook.status).toBe('AUTHORIZED');
    expect(hook.payload.data.status_reason).toBe('Held for review: Big card payments');
  });

  it('does not hold other products', async () => {
    const ideal = await pay(70_000, { payment_product_type: 'ideal' });
    expect(ideal.body.status).not.toBe('AUTHORIZED');
    expect(await caseOf(ideal.body.id)).toBeUndefined();
  });
});

describe('deciding held payments', () => {
  it('captures once when 20 approvals race', async () => {
    const held = await pay(55_000);
    const review = await caseOf(held.body.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(a, 'POST', '/v1/review/approve', { ids: [review.id] })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const outcomes = answers.map((r) => r.body.results[0].outcome);
    expect(outcomes.filter((o) => o === 'approved')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_decided')).toHaveLength(19);
    expect(await statusOf(held.body.id)).toBe('SETTLEMENT_REQUESTED');
    const [{ captures }] = await t.db.query<{ captures: number }>(
      sql`select count(*)::int as captures from jsonb_array_elements(
        (select status_history from transaction where id = ${held.body.id})) s where s->>'status' = 'SETTLEMENT_REQUESTED'`,
    );
    expect(captures).toBe(1);
    const detail = await call(a, 'GET', `/v1/transaction/${held.body.id}`);
    expect(detail.body.decision.review).toBe('approved');
    const hooks = await t.db.query<{ status: string }>(
      sql`select status from webhook where item_id = ${held.body.id} and event = 'transaction.updated'`,
    );
    expect(hooks.map((h) => h.status)).toEqual(['SETTLEMENT_REQUESTED']);
  });

  it('declines in bulk with a reason: each authorisation is voided', async () => {
    const one = await pay(51_000);
    const two = await pay(52_000);
    const ids = [(await caseOf(one.body.id)).id, (await caseOf(two.body.id)).id];
    const declined = await call(a, 'POST', '/v1/review/decline', { ids, reason: 'Stolen card pattern' });
    expect(declined.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['declined', 'declined']);
    expect(await statusOf(one.body.id)).toBe('AUTHORIZATION_VOIDED');
    expect(await statusOf(two.body.id)).toBe('AUTHORIZATION_VOIDED');
    const row = (await call(a, 'GET', `/v1/review/${ids[0]}`)).body;
    expect(row).toMatchObject({ status: 'DECLINED', decline_reason: 'Stolen card pattern', decided_via: 'reviewer' });
    expect(row.decided_by_name).toBe('a');
    // Deciding again changes nothing.
    const again = await call(a, 'POST', '/v1/review/approve', { ids });
    expect(again.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'already_decided',
      'already_decided',
    ]);
    expect(await statusOf(one.body.id)).toBe('AUTHORIZATION_VOIDED');
  });

  it('refuses a decline without a reason and an empty list, naming the field', async () => {
    const held = await pay(53_500);
    const id = (await caseOf(held.body.id)).id;
    const noReason = await call(a, 'POST', '/v1/review/decline', { ids: [id], reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0].path).toBe('body.reason');
    expect((await call(a, 'POST', '/v1/review/approve', { ids: [] })).body.details[0].path).toBe('body.ids');
    expect(await statusOf(held.body.id)).toBe('AUTHORIZED');
  });

  it('assigns to me and to someone of the merchant, never to another merchant’s user', async () => {
    const held = await pay(54_000);
    const id = (await caseOf(held.body.id)).id;
    expect((await call(a, 'POST', '/v1/review/assign', { ids: [id], assignee: 'me' })).body.results[0].outcome).toBe(
      'assigned',
    );
    expect((await call(a, 'GET', `/v1/review/${id}`)).body.assigned_to_name).toBe('a');
    const [{ id: bUser }] = await t.db.query<{ id: string }>(sql`select id from app_user where email = 'b@test.kassa'`);
    const foreign = await call(a, 'POST', '/v1/review/assign', { ids: [id], assignee: bUser });
    expect(foreign.status).toBe(404);
    expect(foreign.body.details[0].path).toBe('body.assignee');
    const [{ id: adminUser }] = await t.db.query<{ id: string }>(
      sql`select id from app_user where email = 'admin@test.kassa'`,
    );
    expect((await call(admin, 'POST', '/v1/review/assign', { ids: [id], assignee: adminUser })).status).toBe(200);
    expect((await call(a, 'GET', `/v1/review/${id}`)).body.assigned_to_name).toBe('admin');
  });

  it('keeps the queue in its tenancy and its roles: another merchant sees nothing, an analyst cannot decide', async () => {
    const held = await pay(56_000);
    const id = (await caseOf(held.body.id)).id;
    expect((await call(b, 'GET', `/v1/review/${id}`)).status).toBe(404);
    expect((await call(b, 'GET', `/v1/review/${id}/context`)).status).toBe(404);
    expect((await call(b, 'GET', '/v1/review')).body).toEqual([]);
    const foreign = await call(b, 'POST', '/v1/review/approve', { ids: [id] });
    expect(foreign.body.results).toEqual([{ id, outcome: 'not_found' }]);
    expect((await call(analyst, 'GET', '/v1/review')).status).toBe(403);
    expect((await call(analyst, 'POST', '/v1/review/approve', { ids: [id] })).status).toBe(403);
    expect(await statusOf(held.body.id)).toBe('AUTHORIZED');
    // Provider staff see and decide it.
    expect((await call(admin, 'GET', `/v1/review/${id}`)).status).toBe(200);
    expect((await call(admin, 'POST', '/v1/review/approve', { ids: [id] })).body.results[0].outcome).toBe('approved');
  });

  it('shows the customer history and the country mismatch', async () => {
    await t.db.query(sql`update customer set country_code = 'NL' where id = ${customer}`);
    const held = await pay(57_000);
    const id = (await caseOf(held.body.id)).id;
    const context = await call(a, 'GET', `/v1/review/${id}/context`);
    expect(context.status).toBe(200);
    // Earlier in this file: the customer paid 1000 (captured) and others held, approved or voided.
    expect(context.body).toMatchObject({ customer, chargebacks: 0, country_mismatch: true });
    expect(context.body.previous_payments).toBeGreaterThanOrEqual(8);
    expect(context.body.previous_successful).toBeGreaterThanOrEqual(2);
  });
});

describe('the expiry policy', () => {
  it('declines (by default) or approves what nobody decided before the authorisation lapses; never lets it lapse', async () => {
    const declined = await pay(58_000);
    const later = new Date(Date.now() + 8 * 24 * 3_600_000);
    // The settlement lifecycle would lapse an authorisation after 7 days, but not one held for review.
    await t.db.query(sql`update transaction set updated_at = now() - interval '8 days' where id = ${declined.body.id}`);
    await advanceSettlementLifecycle(t.db, new Date());
    expect(await statusOf(declined.body.id)).toBe('AUTHORIZED');

    expect(await applyReviewExpiryPolicy(t.db, later)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(declined.body.id)).toBe('AUTHORIZATION_VOIDED');
    expect(await caseOf(declined.body.id)).toMatchObject({ status: 'DECLINED', decided_via: 'policy' });

    await t.db
      .query(sql`insert into merchant_configuration (merchant_id, review_expiry_policy) values (${world.shopA.id}, 'approve')
      on conflict (merchant_id) do update set review_expiry_policy = 'approve'`);
    const approved = await pay(59_000);
    expect(await applyReviewExpiryPolicy(t.db, new Date())).toBe(0);
    expect(await applyReviewExpiryPolicy(t.db, later)).toBe(1);
    expect(await statusOf(approved.body.id)).toBe('SETTLEMENT_REQUESTED');
    expect(await caseOf(approved.body.id)).toMatchObject({ status: 'APPROVED', decided_via: 'policy' });
    // Running again decides nothing twice.
    expect(await applyReviewExpiryPolicy(t.db, later)).toBe(0);
  }, 180_000);
});
