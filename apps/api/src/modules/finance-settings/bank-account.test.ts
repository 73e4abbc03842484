import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let analyst: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.shopA.id}, ${world.shopB.id})`,
  );
  ({ a, b, analyst } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

const create = (who: Caller, body: Record<string, unknown>) => callAs(t.app, who, 'POST', '/v1/bankaccount', body);

describe('bank accounts', () => {
  it('stores an IBAN typed with spaces in electronic format, with its BIC', async () => {
    const created = await create(a, { holder_name: 'Shop A B.V.', iban: 'nl91 abna 0417 1643 00', bic: 'abnanl2a' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      holder_name: 'Shop A B.V.',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
      currency_code: 'EUR',
      organisation: world.shopA.id,
    });
    const edited = await callAs(t.app, a, 'POST', `/v1/bankaccount/${created.body.id}`, { description: 'Payouts' });
    expect(edited.body).toMatchObject({ description: 'Payouts', iban: 'NL91ABNA0417164300' });
    const again = await create(a, { holder_name: 'Twice', iban: 'NL91ABNA0417164300' });
    expect(again.status).toBe(409);
    expect(errorPaths(again.body)).toEqual(['body.iban']);
  });

  it('refuses an IBAN with a wrong checksum or length, and a bad BIC, naming the field', async () => {
    expect(errorPaths((await create(a, {})).body)).toEqual(['body.holder_name', 'body.iban']);
    const bad = await create(a, { holder_name: 'x', iban: 'NL92ABNA0417164300', bic: 'NOPE' });
    expect(bad.body.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.iban', code: 'invalidIban' }),
        expect.objectContaining({ path: 'body.bic', code: 'invalidBic' }),
      ]),
    );
    expect(errorPaths((await create(a, { holder_name: 'x', iban: 'DE8937040044053201300' })).body)).toEqual([
      'body.iban',
    ]);
  });

  it('keeps tenants apart and refuses users without the role', async () => {
    const accountB = (await create(b, { holder_name: 'Shop B', iban: 'DE89370400440532013000' })).body;
    expect((await callAs(t.app, a, 'GET', `/v1/bankaccount/${accountB.id}`)).status).toBe(404);
    expect((await callAs(t.app, a, 'POST', `/v1/bankaccount/${accountB.id}`, { description: 'x' })).status).toBe(404);
    expect(
      (await callAs(t.app, a, 'GET', '/v1/bankaccount?_limit=100')).body.map((r: { id: string }) => r.id),
    ).not.toContain(accountB.id);
    expect(
      (await create(a, { holder_name: 'x', iban: 'DE89370400440532013000', organisation: world.shopB.id })).status,
    ).toBe(404);
    expect((await callAs(t.app, analyst, 'GET', '/v1/bankaccount')).status).toBe(403);
    expect((await create(analyst, { holder_name: 'x', iban: 'DE89370400440532013000' })).status).toBe(403);
  });

  it('is merchant finance: without the collecting feature every bank-account call is a 403 and changes nothing', async () => {
    await t.db.query(sql`update organisation set features = '{}' where id = ${world.shopB.id}`);
    try {
      const before = await t.db.query(
        sql`select count(*)::int as n from bank_account where merchant_id = ${world.shopB.id}`,
      );
      const refused = await create(b, { holder_name: 'No collecting', iban: 'NL20INGB0001234567' });
      expect(refused.status).toBe(403);
      for (const url of ['/v1/bankaccount', '/v1/bankaccount/count', '/v1/bankaccount/export'])
        expect((await callAs(t.app, b, 'GET', url)).status).toBe(403);
      expect((await callAs(t.app, b, 'POST', '/v1/bankaccount/ba_any', { description: 'x' })).status).toBe(403);
      expect(
        await t.db.query(sql`select count(*)::int as n from bank_account where merchant_id = ${world.shopB.id}`),
      ).toEqual(before);
      // The merchant with the feature keeps its accounts.
      expect((await callAs(t.app, a, 'GET', '/v1/bankaccount')).status).toBe(200);
    } finally {
      await t.db.query(sql`update organisation set features = '{collecting}' where id = ${world.shopB.id}`);
    }
  });
});
