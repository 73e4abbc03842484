import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer, parseSimpleCsv } from './payments-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let analyst: { cookie: string };
let b: { cookie: string };
let customerA: string;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://pay.kassa.test' });
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, analyst, b] = await Promise.all(
    ['a', 'a-analyst', 'b'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
  customerA = await insertTestCustomer(t.db, world.shopA);
});
afterAll(() => t.close());

const link = (overrides: Record<string, unknown> = {}) => ({
  payment_profile: world.profileA,
  amount: 4950,
  description: 'Invoice 2026-001',
  merchant_reference: 'INV-1',
  expires_at: inDays(7),
  ...overrides,
});

describe('payment links', () => {
  it('creates an active link with a customer URL, in the profile currency', async () => {
    const answer = await call(a, 'POST', '/v1/payment-link', link());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      amount: 4950,
      currency_code: 'EUR',
      status: 'CREATED',
      active: true,
      merchant_reference: 'INV-1',
      organisation: world.shopA.id,
    });
    expect(answer.body.url).toMatch(/^https:\/\/pay\.kassa\.test\/pay\/[A-Za-z0-9_-]{24}$/);
    const listed = await call(a, 'GET', '/v1/payment-link?active=true');
    expect(listed.body.map((row: { id: string }) => row.id)).toContain(answer.body.id);
    expect((await call(b, 'GET', '/v1/payment-link/count')).body.count).toBe(0);
    expect((await call(b, 'GET', `/v1/payment-link/${answer.body.id}`)).status).toBe(404);
  });

  it('defaults the expiry to 30 days and accepts the currency when it is the profile one', async () => {
    const answer = await call(a, 'POST', '/v1/payment-link', link({ expires_at: undefined, currency: 'EUR' }));
    expect(answer.status).toBe(201);
    const days = (Date.parse(answer.body.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('shows a link past its expiry as EXPIRED and no longer active', async () => {
    const created = (await call(a, 'POST', '/v1/payment-link', link({ merchant_reference: 'OLD' }))).body;
    await t.db.query(sql`update payment_link set expires_at = now() - interval '1 minute' where id = ${created.id}`);
    const row = (await call(a, 'GET', `/v1/payment-link/${created.id}`)).body;
    expect(row).toMatchObject({ status: 'EXPIRED', active: false });
    const expired = await call(a, 'GET', '/v1/payment-link?status=EXPIRED');
    expect(expired.body.map((r: { id: string }) => r.id)).toEqual([created.id]);
    const active = await call(a, 'GET', '/v1/payment-link?active=true&_limit=100');
    expect(active.body.map((r: { id: string }) => r.id)).not.toContain(created.id);
  });

  it('deactivates a link, audited, and refuses to deactivate one already paid', async () => {
    const created = (await call(a, 'POST', '/v1/payment-link', link())).body;
    const answer = await call(a, 'POST', `/v1/payment-link/${created.id}/deactivate`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ active: false, status: 'CREATED' });
    const audit = await t.db.query(sql`select type from audit_log where entity_id = ${created.id} order by created_at`);
    expect(audit).toEqual([{ type: 'payment_link_created' }, { type: 'payment_link_deactivated' }]);
    const paid = (await call(a, 'POST', '/v1/payment-link', link())).body;
    await t.db.query(sql`update payment_link set status = 'DONE' where id = ${paid.id}`);
    expect((await call(a, 'POST', `/v1/payment-link/${paid.id}/deactivate`)).status).toBe(409);
  });

  it.each([
    [{ amount: 0 }, 'body.amount'],
    [{ amount: 12.34 }, 'body.amount'],
    [{ currency: 'eur' }, 'body.currency'],
    [{ currency: 'USD' }, 'body.currency'],
    [{ expires_at: 'next week' }, 'body.expires_at'],
    [{ expires_at: inDays(-1) }, 'body.expires_at'],
    [{ expires_at: inDays(400) }, 'body.expires_at'],
    [{ payment_profile: undefined }, 'body.payment_profile'],
  ])('answers 400 naming the field for %j and stores nothing', async (overrides, path) => {
    const before = (await call(a, 'GET', '/v1/payment-link/count')).body.count;
    const answer = await call(a, 'POST', '/v1/payment-link', link(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await call(a, 'GET', '/v1/payment-link/count')).body.count).toBe(before);
  });

  it("answers 404 for another organisation's profile, customer or link", async () => {
    const profile = await call(a, 'POST', '/v1/payment-link', link({ payment_profile: world.profileB }));
    expect(profile.status).toBe(404);
    expect(profile.body.details[0].path).toBe('body.payment_profile');
    const customerB = await insertTestCustomer(t.db, world.shopB);
    expect((await call(a, 'POST', '/v1/payment-link', link({ customer: customerB }))).body.details[0].path).toBe(
      'body.customer',
    );
    const created = (await call(a, 'POST', '/v1/payment-link', link())).body;
    expect((await call(b, 'POST', `/v1/payment-link/${created.id}/deactivate`)).status).toBe(404);
    expect((await call(a, 'GET', `/v1/payment-link/${created.id}`)).body.active).toBe(true);
  });

  it('answers 403 without the payment link roles', async () => {
    expect((await call(analyst, 'GET', '/v1/payment-link')).status).toBe(403);
    expect((await call(analyst, 'POST', '/v1/payment-link', link())).status).toBe(403);
    const created = (await call(a, 'POST', '/v1/payment-link', link())).body;
    expect((await call(analyst, 'POST', `/v1/payment-link/${created.id}/deactivate`)).status).toBe(403);
  });

  it('answers 400 naming an unknown filter', async () => {
    const answer = await call(a, 'GET', '/v1/payment-link?colour=red');
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].path).toBe('querystring.colour');
  });

  it('exports as many rows as the count call, with its columns', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/payment-link/export?active=true', headers: a });
    const rows = parseSimpleCsv(response.body);
    expect(rows[0]).toEqual([
      'created_at',
      'id',
      'merchant_reference',
      'description',
      'amount',
      'currency_code',
      'status',
      'active',
      'expires_at',
      'customer',
      'url',
    ]);
    expect(rows.length - 1).toBe((await call(a, 'GET', '/v1/payment-link/count?active=true')).body.count);
  });
});

describe('card-add links', () => {
  const cardLink = (overrides: Record<string, unknown> = {}) => ({
    payment_profile: world.profileA,
    customer: customerA,
    description: 'Store your card',
    ...overrides,
  });

  it('creates a link for a customer and cancels it on deactivate', async () => {
    const answer = await call(a, 'POST', '/v1/card-add-link', cardLink());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ customer: customerA, status: 'CREATED', active: true });
    expect(answer.body.url).toMatch(/^https:\/\/pay\.kassa\.test\/add-card\//);
    const populated = await call(a, 'GET', `/v1/card-add-link?_populate=customer`);
    expect(populated.body[0].customer.id).toBe(customerA);
    const off = await call(a, 'POST', `/v1/card-add-link/${answer.body.id}/deactivate`);
    expect(off.body).toMatchObject({ status: 'CANCELLED', active: false });
    expect((await call(a, 'GET', '/v1/card-add-link/count?status=CANCELLED')).body.count).toBe(1);
  });

  it('answers 400 without a customer, 404 for a foreign customer or link, 403 without the roles', async () => {
    const missing = await call(a, 'POST', '/v1/card-add-link', cardLink({ customer: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe('body.customer');
    const customerB = await insertTestCustomer(t.db, world.shopB);
    const foreign = await call(a, 'POST', '/v1/card-add-link', cardLink({ customer: customerB }));
    expect(foreign.status).toBe(404);
    expect(foreign.body.details[0].path).toBe('body.customer');
    const created = (await call(a, 'POST', '/v1/card-add-link', cardLink())).body;
    expect((await call(b, 'POST', `/v1/card-add-link/${created.id}/deactivate`)).status).toBe(404);
    expect((await call(b, 'GET', `/v1/card-add-link/${created.id}`)).status).toBe(404);
    expect((await call(analyst, 'GET', '/v1/card-add-link')).status).toBe(403);
    expect((await call(analyst, 'POST', '/v1/card-add-link', cardLink())).status).toBe(403);
  });
});
