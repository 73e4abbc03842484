import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';

let t: TestApp;
let world: TestWorld;
let merchant: { cookie: string };
let provider: { cookie: string };
const day = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  // 40 transactions for shop A (30 in its root, 10 in its outlet), 5 for shop B.
  for (let i = 0; i < 40; i++) {
    const org = i < 30 ? world.shopA : world.shopASub;
    await insertTestTransaction(t.db, org, i < 30 ? world.profileA : world.profileASub, {
      amount: 1000 + i * 100,
      status: i % 4 === 0 ? 'DECLINED' : 'SETTLEMENT_COMPLETED',
      createdAt: new Date(now - i * day),
      reference: `A-${String(i).padStart(3, '0')}`,
      product: i % 2 ? 'ideal' : 'card',
    });
  }
  for (let i = 0; i < 5; i++) {
    await insertTestTransaction(t.db, world.shopB, world.profileB, {
      reference: `B-${i}`,
      createdAt: new Date(now - i * day),
    });
  }
  merchant = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const get = async (url: string, who = merchant) => {
  const response = await t.app.inject({ method: 'GET', url, headers: who });
  return { status: response.statusCode, body: response.json() };
};

describe('entity query conventions', () => {
  it('pages 25 by default, newest first', async () => {
    const { status, body } = await get('/v1/transaction');
    expect(status).toBe(200);
    expect(body).toHaveLength(25);
    const times = body.map((row: { created_at: string }) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body[0].merchant_reference).toBe('A-000');
  });

  it('skips and limits', async () => {
    const { body } = await get('/v1/transaction?_skip=25&_limit=10');
    expect(body.map((r: { merchant_reference: string }) => r.merchant_reference)).toEqual(
      Array.from({ length: 10 }, (_, i) => `A-${String(25 + i).padStart(3, '0')}`),
    );
  });

  it('sorts ascending by amount', async () => {
    const { body } = await get('/v1/transaction?_sort=amount&_limit=3');
    expect(body.map((r: { amount: number }) => r.amount)).toEqual([1000, 1100, 1200]);
  });

  it('filters by equality, any-of and bounds, and count matches the rows', async () => {
    const declined = await get('/v1/transaction?status=DECLINED&_limit=100');
    expect(declined.body).toHaveLength(10);
    expect((await get('/v1/transaction/count?status=DECLINED')).body).toEqual({ count: 10 });

    const anyOf = await get('/v1/transaction/count?status[]=DECLINED&status[]=SETTLEMENT_COMPLETED');
    expect(anyOf.body.count).toBe(40);

    const since = new Date(now - 9.5 * day).toISOString();
    const bounded = await get(`/v1/transaction?created_at>=${encodeURIComponent(since)}&amount<=1500&_limit=100`);
    expect(bounded.body.map((r: { merchant_reference: string }) => r.merchant_reference).sort()).toEqual([
      'A-000',
      'A-001',
      'A-002',
      'A-003',
      'A-004',
      'A-005',
    ]);
    expect((await get(`/v1/transaction/count?created_at>=${encodeURIComponent(since)}&amount<=1500`)).body.count).toBe(
      6,
    );
  });

  it('searches by merchant reference prefix', async () => {
    const { body } = await get('/v1/transaction?_search=a-01&_search_by=merchant_reference');
    expect(body).toHaveLength(10);
  });

  it('populates relations', async () => {
    const { body } = await get('/v1/transaction?_limit=1&_populate=payment_profile organisation');
    expect(body[0].payment_profile).toMatchObject({ id: world.profileA, name: 'Shop A web' });
    expect(body[0].organisation).toMatchObject({ id: world.shopA.id, name: 'Shop A' });
  });

  it('refuses an unknown filter key with 400 naming it', async () => {
    const { status, body } = await get('/v1/transaction?colour=red');
    expect(status).toBe(400);
    expect(body.code).toBe('unknown_field');
    expect(body.details[0].path).toBe('querystring.colour');
  });

  it('refuses bad values naming the key', async () => {
    expect((await get('/v1/transaction?amount>=lots')).body.details[0].path).toBe('querystring.amount>');
    expect((await get('/v1/transaction?status=MAYBE')).status).toBe(400);
    expect((await get('/v1/transaction?_sort=password')).body.details[0].path).toBe('querystring._sort');
    expect((await get('/v1/transaction?_populate=secrets')).body.details[0].path).toBe('querystring._populate');
    expect((await get('/v1/transaction?_limit=-1')).status).toBe(400);
  });
});

describe('tenancy and roles', () => {
  it("hides another merchant's transaction: 404 by id and absent from lists", async () => {
    const [other] = (await get('/v1/transaction?_limit=1', provider)).body.filter(
      (r: { organisation: string }) => r.organisation === world.shopB.id,
    );
    const foreign = other ?? (await get(`/v1/transaction?organisation=${world.shopB.id}&_limit=1`, provider)).body[0];
    expect(foreign.organisation).toBe(world.shopB.id);
    expect((await get(`/v1/transaction/${foreign.id}`)).status).toBe(404);
    expect((await get('/v1/transaction/tx_doesnotexist')).status).toBe(404);
    expect((await get('/v1/transaction/count')).body.count).toBe(40);
    const refs = (await get('/v1/transaction?_search=B-&_search_by=merchant_reference')).body;
    expect(refs).toEqual([]);
  });

  it('a sub-organisation user sees only its subtree', async () => {
    const sub = await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
    expect((await get('/v1/transaction/count', sub)).body.count).toBe(10);
  });

  it('the provider sees all and narrows with the organisation filter', async () => {
    expect((await get('/v1/transaction/count', provider)).body.count).toBe(45);
    expect((await get(`/v1/transaction/count?organisation=${world.shopA.id}`, provider)).body.count).toBe(40);
    expect((await get(`/v1/transaction/count?organisation=${world.shopASub.id}`, provider)).body.count).toBe(10);
  });

  it('a user without the list role gets 403, a signed-out request 401', async () => {
    const noRole = await signIn(t.app, 'a-norole@test.kassa', TEST_PASSWORD);
    const forbidden = await get('/v1/transaction', noRole);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('forbidden');
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/transaction' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
  });
});

describe('CSV export', () => {
  it('streams every matching row (not one page) with the chosen columns', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/transaction/export?status=SETTLEMENT_COMPLETED&_fields=merchant_reference,amount,payment_profile.name',
      headers: merchant,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('merchant_reference,amount,payment_profile.name');
    expect(lines).toHaveLength(1 + 30);
    expect(lines).toContain('A-001,1100,Shop A web');
  });

  it('refuses an unknown export column', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/transaction/export?_fields=secret',
      headers: merchant,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('querystring._fields');
  });
});
