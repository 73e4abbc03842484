import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;

const oneOff = (organisation: string) => ({
  organisation,
  description: 'Terminal rental',
  amount: -2500,
  effective_date: '2026-03-01',
});

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  // The provider and shop A collect; shop B does not (as Noordlicht Mode in the demo).
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.provider.id}, ${world.shopA.id})`,
  );
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('finance for provider staff checks the merchant it acts for (payments.md §2, §6)', () => {
  it('creates a one-off for a collecting merchant, and refuses one for a merchant without the feature, naming the field', async () => {
    expect((await callAs(t.app, provider, 'POST', '/v1/one-off', oneOff(world.shopA.id))).status).toBe(201);
    const refused = await callAs(t.app, provider, 'POST', '/v1/one-off', oneOff(world.shopB.id));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    expect(refused.body.details).toMatchObject([{ path: 'body.organisation', code: 'notCollecting' }]);
    const [{ count }] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from one_off where merchant_id = ${world.shopB.id}`,
    );
    expect(count).toBe(0);
  });

  it('refuses a settlement profile, a bank account and a settlement run for that merchant', async () => {
    const profile = await callAs(t.app, provider, 'POST', '/v1/settlement-profile', {
      organisation: world.shopB.id,
      package: 'pkg_any',
      settlement_schedule: 'ssc_any',
      bank_account: 'ba_any',
      effective_from: '2026-01-01',
    });
    expect(profile.status).toBe(400);
    expect(errorPaths(profile.body)).toEqual(['body.organisation']);
    const account = await callAs(t.app, provider, 'POST', '/v1/bankaccount', {
      organisation: world.shopB.id,
      holder_name: 'Shop B',
      iban: 'DE89370400440532013000',
    });
    expect(account.status).toBe(400);
    expect(errorPaths(account.body)).toEqual(['body.organisation']);
    const run = await callAs(t.app, provider, 'POST', '/v1/settlement/run', { organisation: world.shopB.id });
    expect(run.status).toBe(400);
    expect(errorPaths(run.body)).toEqual(['body.organisation']);
    expect((await callAs(t.app, provider, 'POST', '/v1/settlement/run', { organisation: world.shopA.id })).status).toBe(
      200,
    );
  });

  it('refuses an edit of a one-off of a merchant that no longer collects, naming the id', async () => {
    const made = await callAs(t.app, provider, 'POST', '/v1/one-off', oneOff(world.shopA.id));
    expect(made.status).toBe(201);
    await t.db.query(sql`update organisation set features = '{}' where id = ${world.shopA.id}`);
    try {
      const edit = await callAs(t.app, provider, 'POST', `/v1/one-off/${made.body.id}`, { description: 'Changed' });
      expect(edit.status).toBe(400);
      expect(edit.body.details).toMatchObject([{ path: 'params.id', code: 'notCollecting' }]);
    } finally {
      await t.db.query(sql`update organisation set features = '{collecting}' where id = ${world.shopA.id}`);
    }
    const [row] = await t.db.query<{ description: string }>(
      sql`select description from one_off where id = ${made.body.id}`,
    );
    expect(row.description).toBe('Terminal rental');
  });

  it("refuses the finance lists in that merchant's context, and answers an unknown organisation as before", async () => {
    const list = await callAs(t.app, provider, 'GET', `/v1/one-off?organisation=${world.shopB.id}`);
    expect(list.status).toBe(400);
    expect(errorPaths(list.body)).toEqual(['querystring.organisation']);
    expect((await callAs(t.app, provider, 'GET', `/v1/one-off?organisation=${world.shopA.id}`)).status).toBe(200);
    expect((await callAs(t.app, provider, 'POST', '/v1/one-off', oneOff('org_unknown'))).status).toBe(404);
  });
});
