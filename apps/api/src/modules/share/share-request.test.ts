import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../lib/secret-box.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let users: Awaited<ReturnType<typeof signInTestUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  users = await signInTestUsers(t.app, TEST_PASSWORD);
});
afterAll(() => t.close());

const SECRET = 'sk_live_merchant-own-4242';
const request = (body: Record<string, unknown> = {}) =>
  callAs(t.app, users.provider, 'POST', '/v1/sharerequest', {
    organisation: world.shopA.id,
    provider: 'Adyen',
    processor: world.processorId,
    message: 'For your own acquiring contract',
    fields: [{ name: 'api_key', description: 'Live API key' }, { name: 'merchant_account' }],
    ...body,
  });
const share = (who: Caller, id: string, values: Record<string, string>) =>
  callAs(t.app, who, 'POST', `/v1/sharerequest/${id}/share`, { values });
const rawTables = async () => {
  const rows = await t.db.query<{ dump: string }>(
    sql`select (select coalesce(string_agg(s::text, ' '), '') from share_request s) || (select string_agg(p::text, ' ') from processor p) as dump`,
  );
  return rows[0].dump;
};

describe('share credentials', () => {
  it('the provider asks, the merchant shares: sealed at rest, never answered, delivered to the processor', async () => {
    const created = await request();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'requested',
      provider: 'Adyen',
      organisation: world.shopA.id,
      fields: [
        { name: 'api_key', description: 'Live API key', shared: false },
        { name: 'merchant_account', description: null, shared: false },
      ],
    });

    const listed = await callAs(t.app, users.a, 'GET', '/v1/sharerequest?status=requested');
    expect(listed.body.map((r: { id: string }) => r.id)).toContain(created.body.id);

    const shared = await share(users.a, created.body.id, { api_key: SECRET, merchant_account: 'ShopA_ECOM' });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({
      status: 'shared',
      shared_by: expect.any(String),
      fields: [
        { name: 'api_key', shared: true },
        { name: 'merchant_account', shared: true },
      ],
    });
    expect(JSON.stringify(shared.body)).not.toContain(SECRET);
    expect(
      JSON.stringify((await callAs(t.app, users.provider, 'GET', `/v1/sharerequest/${created.body.id}`)).body),
    ).not.toContain(SECRET);
    expect(await rawTables()).not.toContain(SECRET);

    const [processor] = await t.db.query<{ details: { name: string; value: string }[] }>(
      sql`select details from processor where id = ${world.processorId}`,
    );
    const apiKey = processor.details.find((d) => d.name === 'api_key');
    expect(apiKey && decryptSecret(apiKey.value)).toBe(SECRET);
    const detail = await callAs(t.app, users.provider, 'GET', `/v1/processor/${world.processorId}`);
    expect(JSON.stringify(detail.body)).not.toContain(SECRET);

    // Shared once: a second answer is refused; the merchant's revoke wipes the values everywhere.
    expect((await share(users.a, created.body.id, { api_key: 'x', merchant_account: 'y' })).status).toBe(409);
    const revoked = await callAs(t.app, users.a, 'POST', `/v1/sharerequest/${created.body.id}/revoke`);
    expect(revoked.body).toMatchObject({ status: 'revoked', fields: [{ shared: false }, { shared: false }] });
    const [after] = await t.db.query<{ details: { name: string; value: string }[] }>(
      sql`select details from processor where id = ${world.processorId}`,
    );
    expect(after.details.find((d) => d.name === 'api_key')?.value).toBe('');
    const [stored] = await t.db.query<{ fields: { value: string | null }[] }>(
      sql`select fields from share_request where id = ${created.body.id}`,
    );
    expect(stored.fields.every((f) => f.value === null)).toBe(true);
  });

  it('validates the request and the answer, naming the field', async () => {
    const empty = await callAs(t.app, users.provider, 'POST', '/v1/sharerequest', {});
    expect(errorPaths(empty.body)).toEqual(['body.fields', 'body.organisation', 'body.provider']);
    expect(errorPaths((await request({ fields: [] })).body)).toEqual(['body.fields']);
    expect(errorPaths((await request({ fields: [{ name: 'key' }, { name: 'KEY' }] })).body)).toEqual([
      'body.fields.1.name',
    ]);
    expect(errorPaths((await request({ processor: 'prc_nope' })).body)).toEqual(['body.processor']);
    expect(errorPaths((await request({ organisation: world.provider.id })).body)).toEqual(['body.organisation']);
    const open = (await request()).body;
    const half = await share(users.a, open.id, { api_key: ' ', other: 'x' });
    expect(half.status).toBe(400);
    expect(errorPaths(half.body)).toEqual(['body.values.api_key', 'body.values.merchant_account', 'body.values.other']);
    expect((await callAs(t.app, users.a, 'GET', `/v1/sharerequest/${open.id}`)).body.status).toBe('requested');
    // The provider withdraws an open request; a withdrawn one cannot be answered.
    expect((await callAs(t.app, users.provider, 'POST', `/v1/sharerequest/${open.id}/cancel`)).body.status).toBe(
      'cancelled',
    );
    expect((await share(users.a, open.id, { api_key: 'a', merchant_account: 'b' })).status).toBe(409);
  });

  it('keeps merchants apart and sides apart', async () => {
    const forB = (await request({ organisation: world.shopB.id, processor: null })).body;
    expect((await callAs(t.app, users.a, 'GET', `/v1/sharerequest/${forB.id}`)).status).toBe(404);
    expect((await share(users.a, forB.id, { api_key: 'a', merchant_account: 'b' })).status).toBe(404);
    expect(
      (await callAs(t.app, users.a, 'GET', '/v1/sharerequest?_limit=100')).body.map((r: { id: string }) => r.id),
    ).not.toContain(forB.id);
    // Merchants cannot ask, the provider cannot answer for a merchant, read-only users cannot read.
    expect(
      (
        await callAs(t.app, users.a, 'POST', '/v1/sharerequest', {
          organisation: world.shopA.id,
          provider: 'x',
          fields: [{ name: 'k' }],
        })
      ).status,
    ).toBe(403);
    expect((await share(users.provider, forB.id, { api_key: 'a', merchant_account: 'b' })).status).toBe(403);
    expect((await callAs(t.app, users.analyst, 'GET', '/v1/sharerequest')).status).toBe(403);
    expect((await callAs(t.app, users.b, 'POST', `/v1/sharerequest/${forB.id}/cancel`)).status).toBe(403);
  });
});
