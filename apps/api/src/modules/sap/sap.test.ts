import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';

let t: TestApp;
let off: TestApp;
let world: TestWorld;
let users: Awaited<ReturnType<typeof signInTestUsers>>;
let sapReader: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: ['sap'] });
  world = await createTestWorld(t.db);
  users = await signInTestUsers(t.app, TEST_PASSWORD);
  await insertUser(t.db, {
    organisationId: world.provider.id,
    email: 'sap-reader@test.kassa',
    name: 'reader',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['PSP', 'PSP_SAP_LIST'],
  });
  sapReader = await signIn(t.app, 'sap-reader@test.kassa', TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await off?.close();
});

const add = (who: Caller, body: Record<string, unknown>) => callAs(t.app, who, 'POST', '/v1/psp/sap', body);

describe('the SAP module', () => {
  it('adds a merchant, onboards it with its partner number and deletes it, keeping the history', async () => {
    const created = await add(users.provider, { organisation: world.shopA.id, company_code: 'nl01' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'CREATED',
      company_code: 'NL01',
      business_partner: null,
      organisation: { id: world.shopA.id, name: 'Shop A' },
    });
    const twice = await add(users.provider, { organisation: world.shopA.id, company_code: 'NL01' });
    expect(twice.status).toBe(409);
    expect(errorPaths(twice.body)).toEqual(['body.organisation']);

    const onboarded = await callAs(t.app, users.provider, 'POST', `/v1/psp/sap/${created.body.id}/onboard`, {
      business_partner: ' 0001000042 ',
    });
    expect(onboarded.status).toBe(200);
    expect(onboarded.body).toMatchObject({ status: 'ONBOARDED', business_partner: '0001000042' });
    expect(onboarded.body.onboarded_at).toBeTruthy();
    expect(
      (await callAs(t.app, users.provider, 'POST', `/v1/psp/sap/${created.body.id}/onboard`, { business_partner: '7' }))
        .status,
    ).toBe(409);

    // Shop B cannot take A's partner number in the same company code.
    const b = (await add(users.provider, { organisation: world.shopB.id, company_code: 'NL01' })).body;
    const taken = await callAs(t.app, users.provider, 'POST', `/v1/psp/sap/${b.id}/onboard`, {
      business_partner: '0001000042',
    });
    expect(taken.status).toBe(409);
    expect(errorPaths(taken.body)).toEqual(['body.business_partner']);
    expect((await callAs(t.app, users.provider, 'GET', `/v1/psp/sap/${b.id}`)).body.status).toBe('CREATED');

    const deleted = await callAs(t.app, users.provider, 'DELETE', `/v1/psp/sap/${created.body.id}`);
    expect(deleted.body).toMatchObject({ status: 'DELETED', business_partner: '0001000042' });
    expect((await callAs(t.app, users.provider, 'DELETE', `/v1/psp/sap/${created.body.id}`)).status).toBe(409);
    // Deleted, the merchant can be added again; the old row stays.
    expect((await add(users.provider, { organisation: world.shopA.id, company_code: 'NL01' })).status).toBe(201);
    const list = await callAs(
      t.app,
      users.provider,
      'GET',
      `/v1/psp/sap?organisation=${world.shopA.id}&_sort=created_at`,
    );
    expect(list.body.map((row: { status: string }) => row.status)).toEqual(['DELETED', 'CREATED']);
    const audit = await t.db.query<{ type: string }>(
      sql`select type from audit_log where entity_id = ${created.body.id} order by created_at`,
    );
    expect(audit.map((row) => row.type)).toEqual([
      'sap_partner_created',
      'sap_partner_onboarded',
      'sap_partner_deleted',
    ]);
  });

  it('refuses bad input naming the field, a sub-organisation and unknown ids, and changes nothing', async () => {
    const before = await t.db.query(sql`select count(*)::int as n from sap_business_partner`);
    expect(errorPaths((await add(users.provider, {})).body)).toEqual(['body.company_code', 'body.organisation']);
    expect(
      errorPaths((await add(users.provider, { organisation: world.shopB.id, company_code: 'NL-1' })).body),
    ).toEqual(['body.company_code']);
    expect(
      errorPaths(
        (await add(users.provider, { organisation: world.shopB.id, company_code: 'NL02', colour: 'red' })).body,
      ),
    ).toEqual(['body.colour']);
    const sub = await add(users.provider, { organisation: world.shopASub.id, company_code: 'NL02' });
    expect(sub.status).toBe(404);
    expect(errorPaths(sub.body)).toEqual(['body.organisation']);
    expect((await add(users.provider, { organisation: 'org_unknown', company_code: 'NL02' })).status).toBe(404);
    const [row] = await t.db.query<{ id: string }>(
      sql`select id from sap_business_partner where status = 'CREATED' limit 1`,
    );
    expect(
      errorPaths(
        (
          await callAs(t.app, users.provider, 'POST', `/v1/psp/sap/${row.id}/onboard`, {
            business_partner: '12345678901',
          })
        ).body,
      ),
    ).toEqual(['body.business_partner']);
    expect(
      errorPaths(
        (await callAs(t.app, users.provider, 'POST', `/v1/psp/sap/${row.id}/onboard`, { business_partner: 'ABC' }))
          .body,
      ),
    ).toEqual(['body.business_partner']);
    expect(
      (await callAs(t.app, users.provider, 'POST', '/v1/psp/sap/sap_unknown/onboard', { business_partner: '1' }))
        .status,
    ).toBe(404);
    expect(await t.db.query(sql`select count(*)::int as n from sap_business_partner`)).toEqual(before);
  });

  it('is for provider staff with the SAP roles: merchants get 403, a list role reads but cannot change', async () => {
    for (const who of [users.a, users.b]) {
      expect((await callAs(t.app, who, 'GET', '/v1/psp/sap')).status).toBe(403);
      expect((await add(who, { organisation: world.shopA.id, company_code: 'NL01' })).status).toBe(403);
    }
    expect((await callAs(t.app, sapReader, 'GET', '/v1/psp/sap')).status).toBe(200);
    expect((await add(sapReader, { organisation: world.shopB.id, company_code: 'NL09' })).status).toBe(403);
  });

  it('does not exist when the module is off', async () => {
    off = await createTestApp();
    const world2 = await createTestWorld(off.db);
    const provider = (await signInTestUsers(off.app, TEST_PASSWORD)).provider;
    expect((await callAs(off.app, provider, 'GET', '/v1/psp/sap')).status).toBe(404);
    expect(
      (await callAs(off.app, provider, 'POST', '/v1/psp/sap', { organisation: world2.shopA.id, company_code: 'NL01' }))
        .status,
    ).toBe(404);
  });
});
