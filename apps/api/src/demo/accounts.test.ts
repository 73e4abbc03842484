import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { ANALYST_ROLES, DEMO_PASSWORD } from './accounts.ts';
import { ensureDemoWorld } from './ensure.ts';

describe('demo accounts', () => {
  let t: TestApp;
  let zuiderzee: string;
  let amsterdam: string;

  beforeAll(async () => {
    t = await createTestApp({ demoScale: 1500, demoSeed: 11 });
    await ensureDemoWorld(t.db, t.config);
    zuiderzee = (
      await t.db.query<{ id: string }>(sql`select id from organisation where name = 'Zuiderzee Fietsen B.V.'`)
    )[0].id;
    amsterdam = (
      await t.db.query<{ id: string }>(sql`select id from organisation where name = 'Zuiderzee Fietsen Amsterdam'`)
    )[0].id;
  }, 180_000);
  afterAll(() => t.close());

  const get = async (cookie: { cookie: string }, url: string) => t.app.inject({ method: 'GET', url, headers: cookie });
  const countWhere = async (condition: ReturnType<typeof sql>) =>
    // Live rows, as the API answers them without test mode.
    (
      await t.db.query<{ n: number }>(
        sql`select count(*)::int as n from transaction where mode = 'live' and ${condition}`,
      )
    )[0].n;

  it('creates the world once: a second start-up adds nothing', async () => {
    const before = await countWhere(sql`true`);
    // The generator makes exactly the scale; other demo areas (subscriptions) may add their own payments.
    // (The review queue's held payments are made through the engine as well.)
    expect(await countWhere(sql`subscription_id is null and id not in (select transaction_id from review_case)`)).toBe(
      1500,
    );
    await ensureDemoWorld(t.db, t.config);
    expect(await countWhere(sql`true`)).toBe(before);
    const [orgs] = await t.db.query<{ n: number }>(
      sql`select count(*)::int as n from organisation where type = 'provider'`,
    );
    expect(orgs.n).toBe(1);
  });

  it('lets the admin sign in with the demo password and see every merchant', async () => {
    const admin = await signIn(t.app, 'admin@kassa.test', DEMO_PASSWORD);
    const me = (await get(admin, '/v1/auth/me')).json();
    expect(me.roles).toEqual(expect.arrayContaining(['PSP', 'PSP_ALL', 'PSP_SUPER']));
    const count = await get(admin, '/v1/transaction/count');
    expect(count.statusCode).toBe(200);
    expect(count.json().count).toBe(await countWhere(sql`true`));
    const rows = (await get(admin, '/v1/transaction?_limit=100')).json() as { merchant: string }[];
    expect(new Set(rows.map((r) => r.merchant)).size).toBeGreaterThan(1);
  });

  it('shows the merchant user only its own merchant’s transactions', async () => {
    const merchant = await signIn(t.app, 'merchant@kassa.test', DEMO_PASSWORD);
    const list = await get(merchant, '/v1/transaction?_limit=100');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { merchant: string }[];
    expect(rows.length).toBe(100);
    expect(new Set(rows.map((r) => r.merchant))).toEqual(new Set([zuiderzee]));
    const count = await get(merchant, '/v1/transaction/count');
    expect(count.json().count).toBe(await countWhere(sql`merchant_id = ${zuiderzee}`));
    const [foreign] = await t.db.query<{ id: string }>(
      sql`select id from transaction where merchant_id <> ${zuiderzee} limit 1`,
    );
    expect((await get(merchant, `/v1/transaction/${foreign.id}`)).statusCode).toBe(404);
  });

  it('gives the analyst list and statistics roles only: lists work, settlements and profiles are refused', async () => {
    const analyst = await signIn(t.app, 'analyst@kassa.test', DEMO_PASSWORD);
    const me = (await get(analyst, '/v1/auth/me')).json();
    expect([...me.roles].sort()).toEqual([...ANALYST_ROLES].sort());
    expect((await get(analyst, '/v1/transaction/count')).json().count).toBe(
      await countWhere(sql`merchant_id = ${zuiderzee}`),
    );
    expect((await get(analyst, '/v1/refund')).statusCode).toBe(200);
    expect((await get(analyst, '/v1/settlement')).statusCode).toBe(403);
    expect((await get(analyst, '/v1/paymentprofile')).statusCode).toBe(403);
  });

  it('limits the sub-organisation user to its shop, and the other merchant to its own data', async () => {
    const shop = await signIn(t.app, 'winkel@kassa.test', DEMO_PASSWORD);
    const count = (await get(shop, '/v1/transaction/count')).json().count;
    expect(count).toBeGreaterThan(0);
    expect(count).toBe(await countWhere(sql`organisation_id = ${amsterdam}`));
    const other = await signIn(t.app, 'mode@kassa.test', DEMO_PASSWORD);
    const rows = (await get(other, '/v1/transaction?_limit=50')).json() as { merchant: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.merchant === zuiderzee)).toBe(false);
  });

  it('asks the user of the MFA-requiring sub-organisation to enrol an authenticator app, and no other demo account', async () => {
    const login = (username: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password: DEMO_PASSWORD } });
    const secure = await login('secure@kassa.test');
    expect(secure.statusCode).toBe(200);
    expect(secure.json()).toEqual({ mfa_setup_required: true, required_type: 'google', token: expect.any(String) });
    const [org] = await t.db.query<{
      name: string;
      type: string;
      mfa_required: string;
    }>(sql`select o.name, o.type, o.mfa_required
      from app_user u join organisation o on o.id = u.organisation_id where u.email = 'secure@kassa.test'`);
    expect(org).toEqual({ name: 'Zuiderzee Fietsen Administratie', type: 'sub', mfa_required: 'google' });
    for (const email of [
      'admin@kassa.test',
      'support@kassa.test',
      'merchant@kassa.test',
      'analyst@kassa.test',
      'winkel@kassa.test',
      'mode@kassa.test',
    ]) {
      expect((await login(email)).json(), email).toMatchObject({ email });
    }
  });

  it('refuses a wrong password for a demo account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'merchant@kassa.test', password: 'Kassa-demo-2025!' },
    });
    expect(response.statusCode).toBe(401);
  });
});
