import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, isPersonOnly, PERSON_ONLY, PROVIDER_ROLES } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { declaredRoutes } from '../../plugins/auth-context.ts';
import { sql } from '../../plugins/db/index.ts';
import { listMigrations } from '../../plugins/db/migrate.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { bearer, callAs, type Caller, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { latestMail, tokenFromMail } from '../auth/identity-test-helpers.ts';
import { apiKeyHash } from '../../plugins/api-key-lookup.ts';

// Issue 30, item 1: credentials are a person's business. An API key (a leaked integration secret)
// never manages API keys, users, roles, MFA, passwords, e-mail addresses, sessions or push
// subscriptions, whatever roles it holds; a key made with a key before that rule ends with it.

let t: TestApp;
let world: TestWorld;
let a: Caller;
let provider: Caller;

const collect = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((r) => r !== PERSON_ONLY).flatMap((r: string) => r.split('&&').map((role) => role.trim()))
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(collect)
      : [];
/** Every role the product knows (the route→roles table's and the provider's). */
const EVERY_ROLE = [...new Set([...collect(access), ...PROVIDER_ROLES])].sort();
const MERCHANT_ROLES = EVERY_ROLE.filter((role) => role !== 'PSP' && !role.startsWith('PSP_'));

/** A key stored as the old code stored it (no record of a making key); answers its id and secret. */
const insertKey = async (organisation: { id: string; merchantId: string | null }, roles: string[], createdBy = 'a') => {
  const id = newId('ak');
  const prefix = `ksk_${id.slice(-10).toLowerCase()}`;
  const key = `${prefix}_${newId('secret').replace(/\W/g, '')}${'x'.repeat(20)}`;
  await t.db
    .query(sql`insert into api_key (id, organisation_id, merchant_id, name, prefix, key_hash, roles, created_by, created_by_name)
    values (${id}, ${organisation.id}, ${organisation.merchantId}, ${`key ${id}`}, ${prefix}, ${apiKeyHash(key)}, ${roles}, ${createdBy}, ${createdBy})`);
  return { id, key };
};
const userId = async (email: string) =>
  (await t.db.query<{ id: string }>(sql`select id from app_user where email = ${email}`))[0].id;
/** Replays migration 0100 over rows written as before it, as deploying it does. */
const replayMigration0100 = async () => {
  const migration = listMigrations().find((m) => m.version.startsWith('0100_'));
  if (!migration) throw new Error('migration 0100 is missing');
  await t.db.exec(migration.text);
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

describe('the reproductions of issue 30 item 1, with a merchant key holding USER_ALL', () => {
  let key: Caller;
  let keyId: string;
  beforeAll(async () => {
    const made = await callAs(t.app, a, 'POST', '/v1/apikey', { name: 'Integration', roles: ['USER_ALL'] });
    expect(made.status).toBe(201);
    key = bearer(made.body.key);
    keyId = made.body.id;
    // The key works where keys belong.
    expect((await callAs(t.app, key, 'GET', '/v1/transaction')).status).toBe(200);
  });

  const refused = (answer: { status: number; body: { code: string } }) => {
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('api_key_not_allowed');
  };

  it('cannot make a key, and the refusal is audited', async () => {
    refused(await callAs(t.app, key, 'POST', '/v1/apikey', { name: 'child', roles: ['USER_ALL'] }));
    expect(await t.db.query(sql`select 1 from api_key where name = 'child'`)).toHaveLength(0);
    const [audit] = await t.db.query<{ authentication: string; route: string; response_code: number }>(
      sql`select authentication, route, response_code from audit_log
        where type = 'authorisation_refused' and user_id = ${keyId} order by created_at desc limit 1`,
    );
    expect(audit).toEqual({ authentication: 'api', route: '/v1/apikey', response_code: 403 });
  });

  it("cannot change a user's e-mail address", async () => {
    const analyst = await userId('a-analyst@test.kassa');
    refused(await callAs(t.app, key, 'PUT', `/v1/user/${analyst}`, { email: 'attacker@evil.test' }));
    refused(await callAs(t.app, key, 'POST', `/v1/user/${analyst}`, { email: 'attacker@evil.test' }));
    const [row] = await t.db.query<{ email: string }>(sql`select email from app_user where id = ${analyst}`);
    expect(row.email).toBe('a-analyst@test.kassa');
    expect(await latestMail(t.db, 'attacker@evil.test')).toBeUndefined();
  });

  it('cannot reset the MFA of a user whose organisation requires it', async () => {
    await t.db.query(sql`update organisation set mfa_required = 'google' where id = ${world.shopA.id}`);
    try {
      const secure = await userId('a-norole@test.kassa');
      await t.db.query(sql`update app_user set mfa_type = 'google' where id = ${secure}`);
      refused(await callAs(t.app, key, 'POST', `/v1/user/${secure}/reset-mfa`));
      const [row] = await t.db.query<{ mfa_type: string }>(sql`select mfa_type from app_user where id = ${secure}`);
      expect(row.mfa_type).toBe('google');
    } finally {
      await t.db.query(sql`update organisation set mfa_required = null where id = ${world.shopA.id}`);
    }
  });

  it('cannot create a user', async () => {
    refused(
      await callAs(t.app, key, 'POST', '/v1/user', { email: 'backdoor@evil.test', name: 'B', roles: ['USER_ALL'] }),
    );
    expect(await t.db.query(sql`select 1 from app_user where email = 'backdoor@evil.test'`)).toHaveLength(0);
  });
});

describe('keys made with a key before the fix end with the key that made them', () => {
  it('revoking the parent revokes its child and grandchild, made before the fix', async () => {
    const parent = await callAs(t.app, a, 'POST', '/v1/apikey', { name: 'Parent', roles: ['USER_ALL'] });
    // As the old code stored a key made with a key: created_by was the making key's id.
    const child = await insertKey(world.shopA, ['USER_ALL'], parent.body.id);
    const grandchild = await insertKey(world.shopA, ['TRANSACTION_LIST'], child.id);
    const other = await insertKey(world.shopA, ['TRANSACTION_LIST']);
    await replayMigration0100();
    for (const k of [child, grandchild, other])
      expect((await callAs(t.app, bearer(k.key), 'GET', '/v1/transaction')).status).toBe(200);

    expect((await callAs(t.app, a, 'POST', `/v1/apikey/${parent.body.id}/revoke`)).status).toBe(200);
    for (const k of [child, grandchild]) {
      const answer = await callAs(t.app, bearer(k.key), 'GET', '/v1/transaction');
      expect(answer.status).toBe(401);
      const [audit] = await t.db.query<{ detail: { reason: string; revoked_key: string }; user_name: string }>(
        sql`select detail, user_name from audit_log where type = 'api_key_revoked' and entity_id = ${k.id}`,
      );
      expect(audit).toMatchObject({ user_name: 'a', detail: { reason: 'made_by_revoked_key' } });
    }
    // A key no key made is untouched.
    expect((await callAs(t.app, bearer(other.key), 'GET', '/v1/transaction')).status).toBe(200);
  });

  it('a key whose maker was revoked before the fix is revoked by the migration', async () => {
    const parent = await insertKey(world.shopA, ['USER_ALL']);
    const child = await insertKey(world.shopA, ['USER_ALL'], parent.id);
    await t.db.query(sql`update api_key set revoked_at = now(), revoked_by_name = 'a' where id = ${parent.id}`);
    expect((await callAs(t.app, bearer(child.key), 'GET', '/v1/transaction')).status).toBe(200);
    await replayMigration0100();
    // Every process drops the key at the database's notice of the change, which PostgreSQL delivers a moment later.
    await expect.poll(async () => (await callAs(t.app, bearer(child.key), 'GET', '/v1/transaction')).status).toBe(401);
    const [audit] = await t.db.query<{ authentication: string; detail: { revoked_key: string } }>(
      sql`select authentication, detail from audit_log where type = 'api_key_revoked' and entity_id = ${child.id}`,
    );
    expect(audit).toMatchObject({ authentication: 'system', detail: { revoked_key: parent.id } });
  });
});

describe("an administrator's change of a user's e-mail address waits for the new address", () => {
  it('mails a link to the new address, tells the old one, and changes the address only when the link is used', async () => {
    const analyst = await userId('a-analyst@test.kassa');
    const changed = await callAs(t.app, a, 'PUT', `/v1/user/${analyst}`, { email: 'analyst-new@test.kassa' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: 'a-analyst@test.kassa', pending_email: 'analyst-new@test.kassa' });
    const notice = await latestMail(t.db, 'a-analyst@test.kassa');
    expect(notice?.template).toBe('email_change_notice');
    expect(notice?.text).toContain('analyst-new@test.kassa');
    const confirm = await latestMail(t.db, 'analyst-new@test.kassa');
    expect(confirm?.template).toBe('email_change');
    // Until the link is used the old address signs in and receives mail.
    expect((await signIn(t.app, 'a-analyst@test.kassa', TEST_PASSWORD)).cookie).toBeTruthy();

    const used = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/update-email',
      payload: { token: tokenFromMail(confirm), email: 'analyst-new@test.kassa' },
    });
    expect(used.statusCode).toBe(200);
    const after = await callAs(t.app, a, 'GET', `/v1/user/${analyst}`);
    expect(after.body).toMatchObject({ email: 'analyst-new@test.kassa', pending_email: null });
    const [audit] = await t.db.query<{ detail: { pending_email: string } }>(
      sql`select detail from audit_log where type = 'email_change_requested' and entity_id = ${analyst}`,
    );
    expect(audit.detail.pending_email).toBe('analyst-new@test.kassa');
  });

  it("the provider's user routes wait for the new address too", async () => {
    const created = await callAs(t.app, provider, 'POST', '/v1/psp/user', {
      email: 'staff-mail@test.kassa',
      name: 'Staff',
      roles: ['PSP'],
    });
    expect(created.status).toBe(200);
    const changed = await callAs(t.app, provider, 'POST', `/v1/psp/user/${created.body.id}`, {
      email: 'staff-elsewhere@test.kassa',
      name: 'Staff member',
    });
    expect(changed.body).toMatchObject({
      email: 'staff-mail@test.kassa',
      pending_email: 'staff-elsewhere@test.kassa',
      name: 'Staff member',
    });
    expect((await latestMail(t.db, 'staff-mail@test.kassa'))?.template).toBe('email_change_notice');
    expect((await latestMail(t.db, 'staff-elsewhere@test.kassa'))?.template).toBe('email_change');
  });
});

/** Known routes that manage credentials: un-marking any of them fails here. */
const KNOWN_CREDENTIAL_ROUTES = [
  'GET /v1/apikey',
  'GET /v1/apikey/:id',
  'POST /v1/apikey',
  'POST /v1/apikey/:id/revoke',
  ...['user', 'psp/user'].flatMap((path) => [
    `GET /v1/${path}`,
    `POST /v1/${path}`,
    `POST /v1/${path}/:id`,
    `PUT /v1/${path}/:id`,
    `POST /v1/${path}/:id/disable`,
    `POST /v1/${path}/:id/enable`,
    `POST /v1/${path}/:id/reset-mfa`,
    `POST /v1/${path}/:id/resend-welcome`,
  ]),
  'POST /v1/auth/mfa/setup',
  'POST /v1/auth/mfa/setup/confirm',
  'POST /v1/profile/password',
  'POST /v1/profile/email',
  'POST /v1/profile/mfa',
  'POST /v1/profile/mfa/disable',
  'GET /v1/profile/sessions',
  'POST /v1/profile/sessions/revoke-others',
  'POST /v1/profile/sessions/:id/revoke',
  'POST /v1/push/subscription',
  'POST /v1/push/subscription/remove',
  'POST /v1/push/preferences',
  'GET /v1/dev/mailbox',
];
/** URLs that name credentials: any route under them, new ones too, must be marked. */
const CREDENTIAL_URL =
  /^\/v1\/(apikey|user|psp\/user|profile|push|dev\/mailbox)(\/|$)|\/(mfa|password|sessions?|email)(\/|$)/;

describe('every route that manages credentials refuses API keys, whatever their roles', () => {
  const marked = () =>
    declaredRoutes(t.app).filter((route) => !('public' in route.access) && isPersonOnly(route.access.roles));

  it('marks every known credential route, and every route under a credential URL', () => {
    const names = new Set(marked().map((route) => `${route.method} ${route.url}`));
    expect(KNOWN_CREDENTIAL_ROUTES.filter((name) => !names.has(name))).toEqual([]);
    const unmarked = declaredRoutes(t.app).filter(
      (route) => !('public' in route.access) && CREDENTIAL_URL.test(route.url) && !isPersonOnly(route.access.roles),
    );
    expect(unmarked.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('answers 403 api_key_not_allowed to a merchant key and a provider key holding every role', async () => {
    const merchantKey = await insertKey(world.shopA, MERCHANT_ROLES);
    const providerKey = await insertKey(world.provider, EVERY_ROLE);
    expect(MERCHANT_ROLES).toContain('USER_ALL');
    expect(EVERY_ROLE).toEqual(expect.arrayContaining(['PSP_ALL', 'PSP_SUPER', 'APIKEY_ALL', 'PSP_USER_ALL']));
    // Real ids, so a route that let a key through would act instead of answering 404.
    const ids: Record<string, string> = {
      '/v1/user/': await userId('a-norole@test.kassa'),
      '/v1/psp/user/': await userId('admin@test.kassa'),
      '/v1/apikey/': merchantKey.id,
    };
    const fill = (url: string) => {
      const prefix = Object.keys(ids).find((p) => url.startsWith(p));
      return url.replace(/:\w+/g, prefix ? ids[prefix] : 'x0000000000');
    };
    const routes = marked();
    expect(routes.length).toBeGreaterThanOrEqual(KNOWN_CREDENTIAL_ROUTES.length);
    const wrong: string[] = [];
    for (const k of [merchantKey, providerKey]) {
      expect((await callAs(t.app, bearer(k.key), 'GET', '/v1/transaction')).status).toBe(200);
      for (const route of routes) {
        const answer = await callAs(
          t.app,
          bearer(k.key),
          route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          fill(route.url),
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        );
        if (answer.status !== 403 || answer.body.code !== 'api_key_not_allowed')
          wrong.push(`${route.method} ${route.url}: ${answer.status} ${answer.body?.code}`);
      }
    }
    expect(wrong).toEqual([]);
    // Audited like every refusal.
    for (const k of [merchantKey, providerKey]) {
      const [refusal] = await t.db.query<{ authentication: string; response_code: number }>(
        sql`select authentication, response_code from audit_log where type = 'authorisation_refused' and user_id = ${k.id} limit 1`,
      );
      expect(refusal).toEqual({ authentication: 'api', response_code: 403 });
    }
  });
});
