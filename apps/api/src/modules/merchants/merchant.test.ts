import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { bearer, callAs, type Caller } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 5000 });
  await insertTestTransaction(t.db, world.shopASub, world.profileASub, { amount: 2500 });
  await insertTestTransaction(t.db, world.shopB, world.profileB, { amount: 1200 });
  await insertTestTransaction(t.db, world.shopB, world.profileB, { amount: 99_999, status: 'DECLINED' });
});
afterAll(() => t.close());

describe('merchants', () => {
  it('lists merchants by 30-day revenue from the rollups, largest first, with search and export', async () => {
    const list = await callAs(t.app, provider, 'GET', '/v1/psp/merchant?_sort=-amount&active=true');
    expect(list.status).toBe(200);
    expect(
      list.body.map((m: { name: string; amount: number; count: number }) => [
        m.name,
        Number(m.amount),
        Number(m.count),
      ]),
    ).toEqual([
      ['Shop A', 7500, 2],
      ['Shop B', 1200, 1],
    ]);
    expect(list.body[0]).toMatchObject({ active: true, currency_code: 'EUR', sub_organisations: 1 });
    expect(
      (await callAs(t.app, provider, 'GET', '/v1/psp/merchant?_search=Shop%20B')).body.map(
        (m: { name: string }) => m.name,
      ),
    ).toEqual(['Shop B']);
    expect((await callAs(t.app, provider, 'GET', '/v1/psp/merchant/count?active=true')).body.count).toBe(2);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/v1/psp/merchant/export?_sort=-amount&_fields=name,amount',
      headers: provider as Record<string, string>,
    });
    expect(csv.body.trim().split(/\r?\n/)).toEqual(['name,amount', 'Shop A,7500', 'Shop B,1200']);
    expect((await callAs(t.app, a, 'GET', '/v1/psp/merchant')).status).toBe(403);
    expect((await callAs(t.app, provider, 'GET', '/v1/psp/merchant?colour=red')).status).toBe(400);
  });

  it("a deactivated merchant's users cannot sign in or keep a session, its API keys answer 401, until it is activated; audited", async () => {
    const b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const key = (await callAs(t.app, b, 'POST', '/v1/apikey', { name: 'Shop B bot', roles: ['TRANSACTION_LIST'] })).body
      .key;
    expect((await callAs(t.app, bearer(key), 'GET', '/v1/transaction')).status).toBe(200);

    const off = await callAs(t.app, provider, 'POST', `/v1/psp/merchant/${world.shopB.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: world.shopB.id, active: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'b@test.kassa', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('organisation_inactive');
    expect((await callAs(t.app, b, 'GET', '/v1/auth/me')).status).toBe(401);
    expect((await callAs(t.app, bearer(key), 'GET', '/v1/transaction')).status).toBe(401);
    expect((await callAs(t.app, a, 'GET', '/v1/auth/me')).status).toBe(200);
    expect(
      (await callAs(t.app, provider, 'GET', '/v1/psp/merchant?active=false')).body.map((m: { id: string }) => m.id),
    ).toEqual([world.shopB.id]);

    const on = await callAs(t.app, provider, 'POST', `/v1/psp/merchant/${world.shopB.id}/activate`);
    expect(on.body.active).toBe(true);
    await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    expect((await callAs(t.app, bearer(key), 'GET', '/v1/transaction')).status).toBe(200);
    const audit = await t.db.query<{ type: string }>(
      sql`select type from audit_log where entity = 'merchant' and entity_id = ${world.shopB.id} order by created_at`,
    );
    expect(audit.map((r) => r.type)).toEqual(['merchant_deactivated', 'merchant_activated']);
  });

  it('refuses merchants users and unknown or non-merchant ids', async () => {
    expect((await callAs(t.app, a, 'POST', `/v1/psp/merchant/${world.shopB.id}/deactivate`)).status).toBe(403);
    expect((await callAs(t.app, provider, 'POST', '/v1/psp/merchant/org_nope/deactivate')).status).toBe(404);
    expect((await callAs(t.app, provider, 'POST', `/v1/psp/merchant/${world.shopASub.id}/deactivate`)).status).toBe(
      404,
    );
  });
  it('keeps the 30-day revenue as payments are authorised, settled, blocked, deleted, too old or in another currency', async () => {
    const revenue = async () =>
      Object.fromEntries(
        (
          (await callAs(t.app, provider, 'GET', '/v1/psp/merchant?_sort=-amount')).body as {
            name: string;
            amount: number;
            count: number;
          }[]
        ).map((m) => [m.name, [Number(m.amount), Number(m.count)]]),
      );
    const before = await revenue();
    const declined = await insertTestTransaction(t.db, world.shopB, world.profileB, {
      amount: 300,
      status: 'DECLINED',
    });
    const old = await insertTestTransaction(t.db, world.shopB, world.profileB, {
      amount: 800,
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const blocked = await insertTestTransaction(t.db, world.shopB, world.profileB, { amount: 450, blocked: true });
    expect(await revenue()).toEqual(before);
    const setStatus = (id: string, status: string) =>
      t.db.query(sql`update transaction set status = ${status} where id = ${id}`);
    // Declined to authorised counts; authorised to settled keeps the same revenue.
    await setStatus(declined, 'AUTHORIZED');
    expect((await revenue())['Shop B']).toEqual([before['Shop B'][0] + 300, before['Shop B'][1] + 1]);
    await setStatus(declined, 'SETTLEMENT_COMPLETED');
    expect((await revenue())['Shop B']).toEqual([before['Shop B'][0] + 300, before['Shop B'][1] + 1]);
    // Blocking takes it out, unblocking the other puts that one in; a deletion takes it out again.
    await t.db.query(sql`update transaction set blocked = (id = ${declined}) where id in (${declined}, ${blocked})`);
    expect((await revenue())['Shop B']).toEqual([before['Shop B'][0] + 450, before['Shop B'][1] + 1]);
    await t.db.query(sql`delete from transaction where id in (${blocked}, ${old})`);
    expect(await revenue()).toEqual(before);
    // Pounds are kept apart: Shop B's revenue is in euros, its first profile's currency, and stays so.
    const pounds = await insertTestTransaction(t.db, world.shopB, world.profileB, { amount: 7000, currency: 'GBP' });
    expect(await revenue()).toEqual(before);
    const [gbp] = await t.db.query<{ count: number; volume: number }>(
      sql`select sum(count)::int as count, sum(volume)::int as volume from merchant_revenue_daily where merchant_id = ${world.shopB.id} and currency_code = 'GBP'`,
    );
    expect(gbp).toEqual({ count: 1, volume: 7000 });
    // The rollup equals a full aggregate of the revenue transactions.
    const [diff] = await t.db.query<{ n: number }>(sql`
      select count(*)::int as n from (
        (select merchant_id, (created_at at time zone 'UTC')::date as day, currency_code, count(*) as count, sum(amount) as volume from transaction
          where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked group by 1, 2, 3
        except select merchant_id, day, currency_code, count, volume from merchant_revenue_daily where count <> 0)
        union all
        (select merchant_id, day, currency_code, count, volume from merchant_revenue_daily where count <> 0
        except select merchant_id, (created_at at time zone 'UTC')::date, currency_code, count(*), sum(amount) from transaction
          where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked group by 1, 2, 3)
      ) mismatch`);
    expect(diff.n).toBe(0);
    await t.db.query(sql`delete from transaction where id = ${pounds}`);
  });
});
