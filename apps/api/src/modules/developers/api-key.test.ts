import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
let analyst: Caller;
let provider: Caller;
const txA: string[] = [];
let txB: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, b, analyst, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  txA.push(
    await insertTestTransaction(t.db, world.shopA, world.profileA),
    await insertTestTransaction(t.db, world.shopASub, world.profileASub),
  );
  txB = await insertTestTransaction(t.db, world.shopB, world.profileB);
});
afterAll(() => t.close());

const create = (who: Caller, body: unknown) => callAs(t.app, who, 'POST', '/v1/apikey', body);

describe('API keys', () => {
  it("creates a key shown once, lists it by prefix, and lets it read the merchant's transactions without a cookie", async () => {
    const created = await create(a, { name: 'Webshop', roles: ['TRANSACTION_LIST'] });
    expect(created.status).toBe(201);
    const { key, prefix, id } = created.body;
    expect(key).toMatch(/^ksk_live_[0-9a-f]{10}_[\w-]{43}$/);
    expect(key.startsWith(`${prefix}_`)).toBe(true);
    expect(created.body).toMatchObject({
      name: 'Webshop',
      roles: ['TRANSACTION_LIST'],
      organisation: world.shopA.id,
      active: true,
      last_used_at: null,
      created_by: 'a',
    });

    const listed = await callAs(t.app, a, 'GET', '/v1/apikey');
    expect(listed.body.map((k: { id: string }) => k.id)).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((await callAs(t.app, a, 'GET', `/v1/apikey/${id}`)).body.key).toBeUndefined();
    // The trail records the making (with the public prefix) and never the key, in no entry of any kind.
    const trail = await t.db.query<{ type: string }>(sql`select type from audit_log where entity_id = ${id}`);
    expect(trail.map((r) => r.type)).toEqual(['api_key_created']);
    const secretPart = key.slice(prefix.length + 1);
    expect(
      await t.db.query(
        sql`select id from audit_log where position(${secretPart} in coalesce(detail::text, '') || coalesce(request::text, '') || coalesce(response::text, '')) > 0`,
      ),
    ).toEqual([]);

    const rows = await callAs(t.app, bearer(key), 'GET', '/v1/transaction?_limit=100');
    expect(rows.status).toBe(200);
    const ids = rows.body.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(txA));
    expect(ids).not.toContain(txB);
    expect((await callAs(t.app, bearer(key), 'GET', `/v1/transaction/${txB}`)).status).toBe(404);
    expect((await callAs(t.app, a, 'GET', `/v1/apikey/${id}`)).body.last_used_at).not.toBeNull();
  });

  it("checks the key's roles like a session's: missing role 403, personal routes 403", async () => {
    const { body } = await create(a, { name: 'Refund bot', roles: ['REFUND_LIST'] });
    expect((await callAs(t.app, bearer(body.key), 'GET', '/v1/transaction')).status).toBe(403);
    expect((await callAs(t.app, bearer(body.key), 'GET', '/v1/refund')).status).toBe(200);
    expect((await callAs(t.app, bearer(body.key), 'GET', '/v1/auth/me')).status).toBe(403);
    const [refused] = await t.db.query<{ authentication: string; user_name: string }>(
      sql`select authentication, user_name from audit_log where type = 'authorisation_refused' and user_id = ${body.id} order by created_at desc limit 1`,
    );
    expect(refused).toEqual({ authentication: 'api', user_name: 'Refund bot' });
  });

  it("records changes made with a key as authentication api with the key's name, and ignores a foreign Origin", async () => {
    const { body: admin } = await create(a, { name: 'Tag bot', roles: ['TAG_ALL'] });
    const made = await callAs(
      t.app,
      bearer(admin.key),
      'POST',
      '/v1/tag',
      { text: 'Made by a key', colour: '#00ff00' },
      { origin: 'https://elsewhere.example' },
    );
    expect(made.status).toBe(201);
    const [entry] = await t.db.query<{ authentication: string; user_name: string; user_id: string }>(
      sql`select authentication, user_name, user_id from audit_log where type = 'tag_created' and entity_id = ${made.body.id}`,
    );
    expect(entry).toEqual({ authentication: 'api', user_name: 'Tag bot', user_id: admin.id });
  });

  it('answers 401 at once after a revoke, and keeps the key in the list as revoked', async () => {
    const { body } = await create(a, { name: 'Short-lived', roles: ['TRANSACTION_LIST'] });
    expect((await callAs(t.app, bearer(body.key), 'GET', '/v1/transaction')).status).toBe(200);
    const revoked = await callAs(t.app, a, 'POST', `/v1/apikey/${body.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ active: false, revoked_by: 'a' });
    const after = await callAs(t.app, bearer(body.key), 'GET', '/v1/transaction');
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
    expect((await callAs(t.app, bearer('ksk_0000000000_nonsense'), 'GET', '/v1/transaction')).status).toBe(401);
    expect((await callAs(t.app, a, 'GET', '/v1/apikey?active=false')).body.map((k: { id: string }) => k.id)).toContain(
      body.id,
    );
  });

  it('refuses bad input with the field named and stores nothing', async () => {
    const before = (await callAs(t.app, a, 'GET', '/v1/apikey/count')).body.count;
    const empty = await create(a, {});
    expect(empty.status).toBe(400);
    expect(errorPaths(empty.body)).toEqual(['body.name', 'body.roles']);
    const noRoles = await create(a, { name: 'x', roles: [] });
    expect(errorPaths(noRoles.body)).toEqual(['body.roles']);
    const pspRole = await create(a, { name: 'x', roles: ['PSP_ALL'] });
    expect(pspRole.status).toBe(400);
    expect(errorPaths(pspRole.body)).toEqual(['body.roles']);
    expect((await callAs(t.app, a, 'GET', '/v1/apikey/count')).body.count).toBe(before);
  });

  it('keeps tenants apart and refuses users without the role', async () => {
    const { body: keyB } = await create(b, { name: 'B shop', roles: ['TRANSACTION_LIST'] });
    expect((await callAs(t.app, a, 'GET', `/v1/apikey/${keyB.id}`)).status).toBe(404);
    expect((await callAs(t.app, a, 'POST', `/v1/apikey/${keyB.id}/revoke`)).status).toBe(404);
    expect(
      (await callAs(t.app, a, 'GET', '/v1/apikey?_limit=100')).body.map((k: { id: string }) => k.id),
    ).not.toContain(keyB.id);
    expect((await create(a, { name: 'for B', roles: ['TRANSACTION_LIST'], organisation: world.shopB.id })).status).toBe(
      404,
    );
    expect((await callAs(t.app, analyst, 'GET', '/v1/apikey')).status).toBe(403);
    expect((await create(analyst, { name: 'x', roles: ['TRANSACTION_LIST'] })).status).toBe(403);
    // The provider sees every key and may make one for a merchant.
    expect((await callAs(t.app, provider, 'GET', `/v1/apikey/${keyB.id}`)).status).toBe(200);
    const forB = await create(provider, {
      name: 'Made by PSP',
      roles: ['TRANSACTION_LIST'],
      organisation: world.shopB.id,
    });
    expect(forB.status).toBe(201);
    const rows = await callAs(t.app, bearer(forB.body.key), 'GET', '/v1/transaction?_limit=100');
    expect(rows.body.map((r: { id: string }) => r.id)).toEqual([txB]);
  });

  it('is declared in OpenAPI next to the session', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'session']);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ session: [] }, { apiKey: [] }]);
  });
});
