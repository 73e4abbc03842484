// Runs on both engines: issue 36 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller } from '../payments/payments-test-helpers.ts';
import { applyReviewExpiryPolicy } from './review.service.ts';

const RULES = [{ name: 'amount', operator: '>=', value: '50000' }];
let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
let admin: { cookie: string };
let sub: { cookie: string };

const hold = async (amount: number) => {
  const paid = await call(a, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount,
    payment_product_type: 'card',
    merchant_reference: `DASH-${amount}`,
  });
  expect(paid.body.status).toBe('AUTHORIZED');
  const [row] = await t.db.query<{ id: string }>(
    sql`select id from review_case where transaction_id = ${paid.body.id}`,
  );
  return { caseId: row.id, transaction: paid.body.id as string };
};
const chargeBack = (transaction: string) =>
  t.db
    .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
    values (${newId('cb')}, ${world.shopA.id}, ${world.shopA.merchantId}, ${transaction}, ${world.profileA}, 100, 'EUR', 'OPEN')`);
const setSwitch = (value: boolean) =>
  call(admin, 'POST', `/v1/psp/merchant/${world.shopA.id}/configuration`, { review_by_merchant: value });

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, b, admin, sub] = await Promise.all(
    ['a', 'b', 'admin', 'a-sub'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
  expect(
    (await call(a, 'POST', '/v1/validationruleset', { name: 'Big ones', action: 'review', rules: RULES })).status,
  ).toBe(201);
});
afterAll(() => t.close());

describe('decisions as labels', () => {
  it('the dashboard shows the queue, decisions per reviewer and the chargeback rate of approved payments; another merchant sees none of it', async () => {
    const cases = await Promise.all([60_000, 61_000, 62_000, 63_000, 64_000, 65_000].map(hold));
    await call(a, 'POST', '/v1/review/approve', { ids: [cases[0].caseId, cases[1].caseId] });
    await call(admin, 'POST', '/v1/review/approve', { ids: [cases[2].caseId] });
    await call(a, 'POST', '/v1/review/decline', { ids: [cases[3].caseId], reason: 'Mismatch' });
    await chargeBack(cases[0].transaction);
    // One waited past its SLA.
    await t.db
      .query(sql`update review_case set sla_due_at = now() - interval '1 hour', created_at = now() - interval '5 hours'
      where id = ${cases[4].caseId}`);

    const dashboard = await call(a, 'GET', '/v1/review/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toMatchObject({
      pending: 2,
      overdue: 1,
      approved: 3,
      approved_charged_back: 1,
      may_decide: true,
    });
    expect(dashboard.body.chargeback_rate).toBeCloseTo(1 / 3);
    expect(Date.now() - Date.parse(dashboard.body.oldest_pending_at)).toBeGreaterThan(4.9 * 3_600_000);
    expect(
      dashboard.body.reviewers.map((r: { name: string; approved: number; declined: number }) => [
        r.name,
        r.approved,
        r.declined,
      ]),
    ).toEqual([
      ['a', 2, 1],
      ['admin', 1, 0],
    ]);

    const foreign = await call(b, 'GET', '/v1/review/dashboard');
    expect(foreign.body).toMatchObject({ pending: 0, overdue: 0, approved: 0, oldest_pending_at: null, reviewers: [] });
    expect((await call(admin, 'GET', '/v1/review/dashboard')).body.pending).toBe(2);
    // The provider in a merchant's context sees that merchant's; naming another tenant's organisation reaches nothing.
    const narrowed = await call(admin, 'GET', `/v1/review/dashboard?organisation=${world.shopB.id}`);
    expect(narrowed.body).toMatchObject({ pending: 0 });
    expect((await call(admin, 'GET', `/v1/review/dashboard?organisation=${world.shopA.id}`)).body.pending).toBe(2);
    expect((await call(b, 'GET', `/v1/review/dashboard?organisation=${world.shopA.id}`)).body).toMatchObject({
      pending: 0,
      approved: 0,
    });
    expect((await call(a, 'GET', '/v1/review/dashboard?days=0')).status).toBe(400);
  });

  it("a review ruleset's backtest counts how the payments it would have held were decided", async () => {
    const expired = await hold(70_000);
    await applyReviewExpiryPolicy(t.db, new Date(Date.now() + 7 * 86_400_000));
    const backtest = await call(a, 'POST', '/v1/validationruleset/backtest', { action: 'review', rules: RULES });
    expect(backtest.status).toBe(200);
    // Earlier in this file: 3 approved (one charged back), 1 declined; the rest (2, then 1 more) expired by the policy.
    expect(backtest.body.reviews).toEqual({
      held: 7,
      approved: 3,
      declined: 1,
      expired: 3,
      pending: 0,
      approved_charged_back: 1,
    });
    const [row] = await t.db.query<{ decided_via: string }>(
      sql`select decided_via from review_case where id = ${expired.caseId}`,
    );
    expect(row.decided_via).toBe('policy');
    // A narrower draft holds fewer; another merchant's backtest sees none of Shop A's reviews.
    const narrow = await call(a, 'POST', '/v1/validationruleset/backtest', {
      action: 'review',
      rules: [{ name: 'amount', operator: '>=', value: '65000' }],
    });
    expect(narrow.body.reviews).toMatchObject({ held: 2, expired: 2 });
    const foreign = await call(b, 'POST', '/v1/validationruleset/backtest', { action: 'review', rules: RULES });
    expect(foreign.body.reviews).toMatchObject({ held: 0 });
    const tagging = await call(a, 'POST', '/v1/validationruleset/backtest', { action: 'block', rules: RULES });
    expect(tagging.body.reviews).toBeUndefined();
  });
});

describe("the provider's switch for the merchant's own reviewers", () => {
  it('only provider staff change it; when off the merchant users only look, provider staff decide', async () => {
    const { caseId, transaction } = await hold(80_000);
    // Merchant users cannot reach the merchant configuration at all.
    expect(
      (await call(a, 'POST', `/v1/psp/merchant/${world.shopA.id}/configuration`, { review_by_merchant: false })).status,
    ).toBe(403);
    const off = await setSwitch(false);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ review_by_merchant: false, review_sla_hours: 4 });

    for (const who of [a, sub]) {
      const refused = await call(who, 'POST', '/v1/review/approve', { ids: [caseId] });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('review_by_provider_only');
    }
    expect((await call(a, 'POST', '/v1/review/assign', { ids: [caseId], assignee: 'me' })).body.code).toBe(
      'review_by_provider_only',
    );
    expect((await call(a, 'GET', '/v1/review/dashboard')).body.may_decide).toBe(false);
    expect((await call(a, 'GET', `/v1/review/${caseId}`)).status).toBe(200);
    // Another merchant keeps its own default.
    expect((await call(b, 'GET', '/v1/review/dashboard')).body.may_decide).toBe(true);
    const [{ status }] = await t.db.query<{ status: string }>(
      sql`select status from transaction where id = ${transaction}`,
    );
    expect(status).toBe('AUTHORIZED');

    expect((await call(admin, 'GET', '/v1/review/dashboard')).body.may_decide).toBe(true);
    expect((await call(admin, 'POST', '/v1/review/approve', { ids: [caseId] })).body.results[0].outcome).toBe(
      'approved',
    );
    await setSwitch(true);
    const next = await hold(81_000);
    expect((await call(a, 'POST', '/v1/review/approve', { ids: [next.caseId] })).body.results[0].outcome).toBe(
      'approved',
    );
  });

  it('validates the review settings, naming the field', async () => {
    const bad = await call(admin, 'POST', `/v1/psp/merchant/${world.shopA.id}/configuration`, {
      review_sla_hours: 0,
      review_expiry_policy: 'maybe',
      review_by_merchant: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.review_by_merchant',
      'body.review_expiry_policy',
      'body.review_sla_hours',
    ]);
  });
});
