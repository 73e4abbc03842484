// Runs on both engines: issue 35 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_EMERGENCY_HEADER, CHANGE_NOTE_HEADER } from '@kassa/domain';
import { decryptSecret } from '../../lib/secret-box.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { bearer, callAs, errorPaths, signInTestUsers, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';

/**
 * Issue 35, second part: API keys, role grants, processor credentials and payout settings under
 * four eyes; `change_request.*` webhooks and push; a governed create retried with its Idempotency-Key.
 */

let t: TestApp;
let world: TestWorld;
let a: Caller;
let a2: Caller;
let provider: Caller;
let provider2: Caller;

const note = { [CHANGE_NOTE_HEADER]: encodeURIComponent('Needed for the new shop') };
const as = (who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers = {}) =>
  callAs(t.app, who, method, url, body, headers);
const setPolicy = async (kinds: string[], organisation = world.shopA.id, who = a) => {
  const answer = await as(who, 'POST', '/v1/changepolicy', { organisation, kinds });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
const approve = (who: Caller, id: string) => as(who, 'POST', `/v1/changerequest/${id}/approve`, { comment: 'ok' });
const reject = (who: Caller, id: string) => as(who, 'POST', `/v1/changerequest/${id}/reject`, { comment: 'no' });
/** Every text a request, its audit entries and its webhooks hold, as stored. */
const storedAbout = async (id: string) =>
  JSON.stringify([
    await t.db.query(sql`select body, before, diff, note from change_request where id = ${id}`),
    await t.db.query(sql`select * from audit_log where entity_id = ${id} or detail::text like ${`%${id}%`}`),
    await t.db.query(sql`select payload from webhook where item_id = ${id}`),
  ]);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  const hash = await hashPassword(TEST_PASSWORD);
  await insertUser(t.db, {
    organisationId: world.shopA.id,
    email: 'a2@test.kassa',
    name: 'Second person',
    passwordHash: hash,
    roles: ['USER_ALL', 'CHANGE_EMERGENCY'],
  });
  await insertUser(t.db, {
    organisationId: world.provider.id,
    email: 'admin2@test.kassa',
    name: 'Second admin',
    passwordHash: hash,
    roles: ['PSP', 'PSP_ALL', 'CHANGE_EMERGENCY'],
  });
  a2 = await signIn(t.app, 'a2@test.kassa', TEST_PASSWORD);
  provider2 = await signIn(t.app, 'admin2@test.kassa', TEST_PASSWORD);
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.provider.id}, ${world.shopA.id})`,
  );
});
afterAll(() => t.close());

describe('API keys', () => {
  beforeAll(() => setPolicy(['apikey']));
  afterAll(() => setPolicy([]));

  it('are made and shown once at once, work only once a second person approves them', async () => {
    expect(errorPaths((await as(a, 'POST', '/v1/apikey', { name: 'Shop', roles: ['TRANSACTION_LIST'] })).body)).toEqual(
      [`headers.${CHANGE_NOTE_HEADER}`],
    );
    const made = await as(a, 'POST', '/v1/apikey', { name: 'Shop', roles: ['TRANSACTION_LIST'] }, note);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ active: false, change_request: expect.stringMatching(/^chr_/) });
    expect(made.body.key).toMatch(/^ksk_live_/);
    const key = bearer(made.body.key);
    expect((await as(key, 'GET', '/v1/transaction')).status).toBe(401);

    const request = (await as(a2, 'GET', `/v1/changerequest/${made.body.change_request}`)).body;
    expect(request).toMatchObject({ kind: 'apikey', action: 'create', status: 'pending', entity_id: made.body.id });
    expect(JSON.stringify(request)).not.toContain(made.body.key);
    expect((await approve(a, made.body.change_request)).body.code).toBe('self_approval');
    expect((await approve(key, made.body.change_request)).status).toBe(401);

    expect((await approve(a2, made.body.change_request)).status).toBe(200);
    expect((await as(key, 'GET', '/v1/transaction')).status).toBe(200);
    expect((await as(a, 'GET', `/v1/apikey/${made.body.id}`)).body).toMatchObject({
      active: true,
      change_request: null,
    });
    // Applied once: a second approval finds it decided.
    expect((await approve(a2, made.body.change_request)).status).toBe(409);
    expect(await storedAbout(made.body.change_request)).not.toContain(made.body.key);
  });

  it('are revoked when their request is rejected', async () => {
    const made = await as(a, 'POST', '/v1/apikey', { name: 'Rejected', roles: ['TRANSACTION_LIST'] }, note);
    expect((await reject(a2, made.body.change_request)).status).toBe(200);
    const key = (await as(a, 'GET', `/v1/apikey/${made.body.id}`)).body;
    expect(key.active).toBe(false);
    expect(key.revoked_at).not.toBeNull();
    expect((await as(bearer(made.body.key), 'GET', '/v1/transaction')).status).toBe(401);
  });
});

describe('role grants and new users with administrative roles', () => {
  beforeAll(() => setPolicy(['user']));
  afterAll(() => setPolicy([]));

  it('wait for a second person; other roles and taking roles away apply at once', async () => {
    const plain = await as(a, 'POST', '/v1/user', {
      email: 'analyst2@test.kassa',
      name: 'Analyst',
      roles: ['TRANSACTION_LIST'],
    });
    expect(plain.status).toBe(200);

    const admin = await as(
      a,
      'POST',
      '/v1/user',
      { email: 'boss@test.kassa', name: 'Boss', roles: ['USER_ALL'] },
      note,
    );
    expect(admin.status).toBe(202);
    const count = async () =>
      (await t.db.query<{ n: number }>(sql`select count(*)::int as n from app_user where email = 'boss@test.kassa'`))[0]
        .n;
    expect(await count()).toBe(0);
    expect((await approve(a, admin.body.change_request)).body.code).toBe('self_approval');
    expect((await approve(a2, admin.body.change_request)).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await approve(a2, admin.body.change_request)).status).toBe(409);
    expect(await count()).toBe(1);

    const grant = await as(a, 'POST', `/v1/user/${plain.body.id}`, { roles: ['TRANSACTION_LIST', 'APIKEY_ALL'] }, note);
    expect(grant.status).toBe(202);
    expect((await as(a, 'GET', `/v1/user/${plain.body.id}`)).body.roles).toEqual(['TRANSACTION_LIST']);
    const request = (await as(a2, 'GET', `/v1/changerequest/${grant.body.change_request}`)).body;
    expect(request.diff).toEqual([{ path: 'roles.1', before: null, after: 'APIKEY_ALL' }]);
    expect((await approve(a2, grant.body.change_request)).status).toBe(200);
    expect([...(await as(a, 'GET', `/v1/user/${plain.body.id}`)).body.roles].sort()).toEqual([
      'APIKEY_ALL',
      'TRANSACTION_LIST',
    ]);
    // Taking a role away never waits.
    const away = await as(a, 'POST', `/v1/user/${plain.body.id}`, { roles: ['TRANSACTION_LIST'] });
    expect(away.status).toBe(200);
    expect(away.body.roles).toEqual(['TRANSACTION_LIST']);
  });
});

describe('processor credentials', () => {
  const SECRET = 'sk_live_9f8e7d6c5b4a-very-secret';
  let processor: string;
  beforeAll(async () => {
    const made = await as(provider, 'POST', '/v1/processor', {
      name: 'Acquirer X',
      organisation: world.provider.id,
      description: 'Cards',
      type: 'processor',
      payment_product: 'card',
      provider: 'sandbox',
      user: 'merchant-1',
      details: [{ name: 'api_key', value: 'old-secret-value-1234' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    processor = made.body.id;
    await setPolicy(['processor'], world.provider.id, provider);
  });
  afterAll(() => setPolicy([], world.provider.id, provider));

  it('wait sealed: the secret is never answered, stored in clear, audited or in the diff; approval applies it once', async () => {
    const asked = await as(
      provider,
      'POST',
      `/v1/processor/${processor}`,
      { details: [{ name: 'api_key', value: SECRET }] },
      note,
    );
    expect(asked.status).toBe(202);
    const id = asked.body.change_request;
    const details = async () =>
      (
        await t.db.query<{ details: { value: string }[] }>(sql`select details from processor where id = ${processor}`)
      )[0].details.map((d) => decryptSecret(d.value));
    expect(await details()).toEqual(['old-secret-value-1234']);

    const request = await as(provider2, 'GET', `/v1/changerequest/${id}`);
    expect(JSON.stringify(request.body)).not.toContain(SECRET);
    expect(request.body.diff).toContainEqual({ path: 'details.0.value', before: null, after: null, secret: true });
    const list = await as(provider2, 'GET', '/v1/changerequest?kind=processor');
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    const [row] = await t.db.query<{ sealed: string }>(sql`select sealed from change_request where id = ${id}`);
    expect(row.sealed).toMatch(/^kse1:/);
    expect(await storedAbout(id)).not.toContain(SECRET);
    expect(
      (
        await t.db.query<{ n: number }>(
          sql`select count(*)::int as n from audit_log l where l::text like ${`%${SECRET}%`}`,
        )
      )[0].n,
    ).toBe(0);

    expect((await approve(provider, id)).body.code).toBe('self_approval');
    const approved = await approve(provider2, id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(JSON.stringify(approved.body)).not.toContain(SECRET);
    expect(await details()).toEqual([SECRET]);
    expect((await approve(provider2, id)).status).toBe(409);
  });

  it('a name or description change is not governed', async () => {
    expect((await as(provider, 'POST', `/v1/processor/${processor}`, { description: 'Cards, EU' })).status).toBe(200);
  });
});

describe('payout settings (settlement profiles)', () => {
  it('wait for a second person and apply once', async () => {
    const pkg = await as(provider, 'POST', '/v1/package', { name: 'Webshop' });
    const schedule = await as(provider, 'POST', '/v1/settlement-schedule', { name: 'Weekly', interval: 'weekly' });
    const account = await as(a, 'POST', '/v1/bankaccount', { holder_name: 'Shop A', iban: 'NL91ABNA0417164300' });
    expect([pkg.status, schedule.status, account.status]).toEqual([201, 201, 201]);
    await setPolicy(['settlement-profile']);
    const body = {
      organisation: world.shopA.id,
      package: pkg.body.id,
      settlement_schedule: schedule.body.id,
      bank_account: account.body.id,
      effective_from: '2026-01-01',
    };
    const asked = await as(provider, 'POST', '/v1/settlement-profile', body, note);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const profiles = async () => (await as(provider, 'GET', '/v1/settlement-profile')).body.length;
    expect(await profiles()).toBe(0);
    expect((await approve(provider, asked.body.change_request)).body.code).toBe('self_approval');
    expect((await approve(provider2, asked.body.change_request)).status).toBe(200);
    expect(await profiles()).toBe(1);
    expect((await approve(provider2, asked.body.change_request)).status).toBe(409);
    expect(await profiles()).toBe(1);
    await setPolicy([]);
  });
});

describe('change_request webhooks and push', () => {
  it('tell the organisation’s integrations of each request and decision, without its body', async () => {
    expect(
      (await as(a, 'POST', '/v1/webhook/secret', { organisation: world.shopA.id, url: 'https://hooks.shop-a.test/k' }))
        .status,
    ).toBe(200);
    await setPolicy(['bankaccount']);
    const asked = await as(a, 'POST', '/v1/bankaccount', { holder_name: 'Hook', iban: 'DE89370400440532013000' }, note);
    expect(asked.status).toBe(202);
    const id = asked.body.change_request;
    const events = async () =>
      (
        await t.db.query<{ event: string; url: string; payload: { data: Record<string, unknown> } }>(
          sql`select event, url, payload from webhook where item_id = ${id} order by created_at, event`,
        )
      ).map((w) => w.event);
    expect(await events()).toEqual(['change_request.created']);
    const [created] = await t.db.query<{ payload: { data: Record<string, unknown> }; url: string }>(
      sql`select payload, url from webhook where item_id = ${id}`,
    );
    expect(created.url).toBe('https://hooks.shop-a.test/k');
    expect(created.payload.data).toMatchObject({
      id,
      kind: 'bankaccount',
      status: 'pending',
      note: 'Needed for the new shop',
    });
    expect(JSON.stringify(created.payload)).not.toContain('DE89370400440532013000');
    await approve(a2, id);
    expect(await events()).toEqual(['change_request.created', 'change_request.approved']);

    const other = await as(a, 'POST', '/v1/bankaccount', { holder_name: 'No', iban: 'GB82WEST12345698765432' }, note);
    await reject(a2, other.body.change_request);
    expect(
      (
        await t.db.query<{ event: string }>(
          sql`select event from webhook where item_id = ${other.body.change_request} order by created_at`,
        )
      ).map((w) => w.event),
    ).toEqual(['change_request.created', 'change_request.rejected']);
    // Shop B's integrations hear nothing of shop A's requests.
    expect(
      (
        await t.db.query<{ n: number }>(
          sql`select count(*)::int as n from webhook where event like 'change_request.%' and organisation_id <> ${world.shopA.id}`,
        )
      )[0].n,
    ).toBe(0);
  });

  it('an emergency change is announced by webhook, and pushed to those who may approve it', async () => {
    const applied = await as(
      a2,
      'POST',
      '/v1/bankaccount',
      { holder_name: 'Urgent', iban: 'FR1420041010050500013M02606' },
      { [CHANGE_EMERGENCY_HEADER]: encodeURIComponent('Payouts bounce') },
    );
    expect(applied.status).toBe(201);
    const [request] = await t.db.query<{ id: string }>(
      sql`select id from change_request where status = 'emergency' and entity_id = ${applied.body.id}`,
    );
    expect(
      (await t.db.query<{ event: string }>(sql`select event from webhook where item_id = ${request.id}`)).map(
        (w) => w.event,
      ),
    ).toEqual(['change_request.emergency']);
    const [push] = await t.db.query<{ payload: Record<string, unknown> }>(
      sql`select payload from job where queue = 'push.event' and payload->>'id' = ${request.id}`,
    );
    expect(push.payload).toMatchObject({ event: 'change_request.emergency', except_user: expect.any(String) });
    expect(push.payload.roles).toContain('USER_ALL');
    await setPolicy([]);
  });
});

describe('a governed create with an Idempotency-Key', () => {
  it('answers a retry with the same 202 and request, and makes no second request', async () => {
    await setPolicy(['routing']);
    const body = {
      name: 'Retried',
      payment_product: 'card',
      details: {
        if: [{ name: 'amount', operator: '>', value: '100' }],
        then: world.processorId,
        else: world.processorId,
      },
    };
    const headers = { ...note, 'idempotency-key': `routing-${Date.now()}` };
    const first = await as(a, 'POST', '/v1/routing', body, headers);
    const second = await as(a, 'POST', '/v1/routing', body, headers);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    expect(
      (
        await t.db.query<{ n: number }>(
          sql`select count(*)::int as n from change_request where entity_name = 'Retried'`,
        )
      )[0].n,
    ).toBe(1);
    // The same key with another body is refused.
    expect((await as(a, 'POST', '/v1/routing', { ...body, name: 'Other' }, headers)).status).toBe(422);
    await setPolicy([]);
  });
});
