import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let users: Awaited<ReturnType<typeof signInTestUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  // Bank accounts are merchant finance: both merchants collect.
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.shopA.id}, ${world.shopB.id})`,
  );
  users = await signInTestUsers(t.app, TEST_PASSWORD);
});
afterAll(() => t.close());

describe('a payment profile pays out to one of its merchant’s bank accounts', () => {
  it('links an own account, clears it, and refuses another merchant’s or an unknown one as a 404 on body.bank_account', async () => {
    const own = (
      await callAs(t.app, users.a, 'POST', '/v1/bankaccount', { holder_name: 'Shop A', iban: 'NL91ABNA0417164300' })
    ).body;
    const foreign = (
      await callAs(t.app, users.b, 'POST', '/v1/bankaccount', { holder_name: 'Shop B', iban: 'DE89370400440532013000' })
    ).body;
    const linked = await callAs(t.app, users.a, 'POST', `/v1/paymentprofile/${world.profileA}`, {
      bank_account: own.id,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.bank_account).toBe(own.id);
    for (const bankAccount of [foreign.id, 'ba_unknown']) {
      const refused = await callAs(t.app, users.a, 'POST', `/v1/paymentprofile/${world.profileA}`, {
        bank_account: bankAccount,
        name: 'Renamed',
      });
      expect(refused.status).toBe(404);
      expect(errorPaths(refused.body)).toEqual(['body.bank_account']);
    }
    const after = await callAs(t.app, users.a, 'GET', `/v1/paymentprofile/${world.profileA}`);
    expect(after.body).toMatchObject({ bank_account: own.id, name: 'Shop A web' });
    const created = await callAs(t.app, users.b, 'POST', '/v1/paymentprofile', {
      name: 'B shop',
      display_name: 'B shop',
      organisation: world.shopB.id,
      bank_account: own.id,
    });
    expect(created.status).toBe(404);
    const cleared = await callAs(t.app, users.a, 'POST', `/v1/paymentprofile/${world.profileA}`, { bank_account: '' });
    expect(cleared.body.bank_account).toBeNull();
  });
});
