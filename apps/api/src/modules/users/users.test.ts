import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';
import { latestMail, postLogin, tokenFromMail } from '../auth/identity-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let merchant: { cookie: string };
let provider: { cookie: string };
let limited: { cookie: string };
let noRole: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://kassa.example' });
  world = await createTestWorld(t.db);
  // A user administrator of shop A who may list transactions but not refund.
  await insertUser(t.db, {
    organisationId: world.shopA.id,
    email: 'a-admin@test.kassa',
    name: 'A admin',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['PLATFORMUSER_ALL', 'TRANSACTION_LIST'],
  });
  merchant = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  limited = await signIn(t.app, 'a-admin@test.kassa', TEST_PASSWORD);
  noRole = await signIn(t.app, 'a-norole@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST', url: string, who: { cookie: string }, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: who, payload: payload as object });
  return { status: response.statusCode, body: response.json() };
};
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);
const userId = async (email: string) =>
  (await t.db.query<{ id: string }>(sql`select id from app_user where email = ${email}`))[0].id;

describe('platform users', () => {
  it('lists only users of the own subtree, without secrets', async () => {
    const { status, body } = await call('GET', '/v1/user?_limit=100&_sort=email', merchant);
    expect(status).toBe(200);
    expect(body.map((u: { email: string }) => u.email)).toEqual([
      'a-admin@test.kassa',
      'a-analyst@test.kassa',
      'a-norole@test.kassa',
      'a-sub@test.kassa',
      'a@test.kassa',
    ]);
    expect(Object.keys(body[0]).sort()).toEqual([
      'created_at',
      'email',
      'id',
      'language',
      'last_login_at',
      'locked',
      'mfa',
      'name',
      'organisation',
      'pending_email',
      'roles',
      'status',
    ]);
    const sub = await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
    expect((await call('GET', '/v1/user', sub)).body.map((u: { email: string }) => u.email)).toEqual([
      'a-sub@test.kassa',
    ]);
    expect((await call('GET', '/v1/user/count', merchant)).body).toEqual({ count: 5 });
    expect(
      (await call('GET', `/v1/user?organisation=${world.shopB.id}`, provider)).body.map(
        (u: { email: string }) => u.email,
      ),
    ).toEqual(['b@test.kassa']);
    expect(
      (await call('GET', '/v1/user?roles=USER_ALL&_sort=email', merchant)).body.map((u: { email: string }) => u.email),
    ).toEqual(['a-sub@test.kassa', 'a@test.kassa']);
  });

  it('answers 404 for a user of another organisation and 403 without the roles', async () => {
    const other = await userId('b@test.kassa');
    expect((await call('GET', `/v1/user/${other}`, merchant)).status).toBe(404);
    expect((await call('POST', `/v1/user/${other}`, merchant, { name: 'Hacked' })).status).toBe(404);
    expect((await call('POST', `/v1/user/${other}/disable`, merchant)).status).toBe(404);
    expect((await call('POST', `/v1/user/${other}/reset-mfa`, merchant)).status).toBe(404);
    expect((await call('GET', '/v1/user', noRole)).status).toBe(403);
    expect((await call('POST', '/v1/user', noRole, { email: 'x@test.kassa', name: 'X' })).status).toBe(403);
    expect((await call('GET', '/v1/psp/user', merchant)).status).toBe(403);
    expect((await call('GET', '/v1/user/unknown-id', merchant)).status).toBe(404);
  });

  it('creates a user and mails the default welcome mail with a set-password link valid 24 hours', async () => {
    const created = await call('POST', '/v1/user', merchant, {
      email: 'new@test.kassa',
      name: 'New Person',
      language: 'en-US',
      organisation: world.shopASub.id,
      roles: ['TRANSACTION_LIST'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      email: 'new@test.kassa',
      roles: ['TRANSACTION_LIST'],
      status: 'active',
      organisation: { id: world.shopASub.id },
    });
    const mail = await latestMail(t.db, 'new@test.kassa');
    expect(mail?.template).toBe('welcome');
    expect(mail?.subject).toBe('Welcome to Kassa');
    expect(mail?.html).toContain('Dear New Person');
    expect(mail?.text).toContain('24');
    const link = new URL(/https:\/\/kassa\.example\/updatePassword\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(link.searchParams.get('new')).toBe('true');
    expect(link.searchParams.get('requirements')).toBeTruthy();
    const [row] = await t.db.query<{ hours: number }>(
      sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from user_token where purpose = 'welcome' order by created_at desc limit 1`,
    );
    expect(row.hours).toBe(24);
    // Without a password nobody can sign in; the link sets it.
    expect((await postLogin(t.app, 'new@test.kassa', 'anything')).status).toBe(401);
    const set = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/update-password',
      payload: { token: tokenFromMail(mail), password: 'Welcome-to-Kassa-9' },
    });
    expect(set.statusCode).toBe(200);
    expect((await postLogin(t.app, 'new@test.kassa', 'Welcome-to-Kassa-9')).status).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    const bad = await call('POST', '/v1/user', merchant, { email: 'nope', name: '', roles: ['lower case'] });
    expect(bad.status).toBe(400);
    expect(paths(bad.body).sort()).toEqual(['body.email', 'body.name', 'body.roles.0']);
    const taken = await call('POST', '/v1/user', merchant, { email: 'B@test.kassa', name: 'Dup' });
    expect(paths(taken.body)).toEqual(['body.email']);
  });

  it('never lets a user grant a role it does not hold', async () => {
    const refund = await call('POST', '/v1/user', limited, {
      email: 'r@test.kassa',
      name: 'R',
      roles: ['REFUND_CREATE'],
    });
    expect(refund.status).toBe(400);
    expect(paths(refund.body)).toEqual(['body.roles']);
    const psp = await call('POST', '/v1/user', merchant, { email: 'p@test.kassa', name: 'P', roles: ['PSP_ALL'] });
    expect(paths(psp.body)).toEqual(['body.roles']);
    expect(
      (await call('POST', '/v1/user', limited, { email: 'ok@test.kassa', name: 'Ok', roles: ['TRANSACTION_LIST'] }))
        .status,
    ).toBe(200);
    const self = await userId('a-admin@test.kassa');
    const escalate = await call('POST', `/v1/user/${self}`, limited, {
      roles: ['PLATFORMUSER_ALL', 'TRANSACTION_LIST', 'USER_ALL'],
    });
    expect(paths(escalate.body)).toEqual(['body.roles']);
    expect(await t.db.query(sql`select 1 from app_user where email in ('r@test.kassa', 'p@test.kassa')`)).toHaveLength(
      0,
    );
    expect(
      (
        await t.db.query<{ roles: string[] }>(
          sql`select array(select role from user_role where user_id = ${self} order by role) as roles`,
        )
      )[0].roles,
    ).toEqual(['PLATFORMUSER_ALL', 'TRANSACTION_LIST']);
    // Nor manage a user who holds more than it does.
    const boss = await userId('a@test.kassa');
    expect((await call('POST', `/v1/user/${boss}`, limited, { name: 'Renamed' })).status).toBe(403);
    expect((await call('POST', `/v1/user/${boss}/disable`, limited)).status).toBe(403);
  });

  it('never places a user outside the own subtree (404 for the organisation)', async () => {
    const created = await call('POST', '/v1/user', merchant, {
      email: 'out@test.kassa',
      name: 'Out',
      organisation: world.shopB.id,
    });
    expect(created.status).toBe(404);
    expect(paths(created.body)).toEqual(['body.organisation']);
    const target = await userId('a-analyst@test.kassa');
    expect((await call('POST', `/v1/user/${target}`, merchant, { organisation: world.shopB.id })).status).toBe(404);
    expect((await call('POST', `/v1/user/${target}`, merchant, { organisation: world.provider.id })).status).toBe(404);
    const [row] = await t.db.query<{ organisation_id: string }>(
      sql`select organisation_id from app_user where id = ${target}`,
    );
    expect(row.organisation_id).toBe(world.shopA.id);
  });

  it('changes roles and records who changed what', async () => {
    const target = await userId('a-analyst@test.kassa');
    const updated = await call('POST', `/v1/user/${target}`, merchant, {
      roles: ['TRANSACTION_LIST', 'REFUND_LIST'],
      name: 'Analyst',
    });
    expect(updated.body).toMatchObject({ roles: ['REFUND_LIST', 'TRANSACTION_LIST'], name: 'Analyst' });
    const [audit] = await t.db.query<{ detail: { added: string[]; removed: string[] }; user_name: string }>(
      sql`select detail, user_name from audit_log where type = 'roles_changed' and entity_id = ${target}`,
    );
    expect(audit.detail).toEqual({ added: ['REFUND_LIST'], removed: ['STATISTICS_LIST'] });
    expect(audit.user_name).toBe('a');
  });

  it('ends every session of a disabled user and lets it back in when enabled', async () => {
    const target = await userId('a-sub@test.kassa');
    const session = await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
    const disabled = await call('POST', `/v1/user/${target}/disable`, merchant);
    expect(disabled.body.status).toBe('disabled');
    expect((await call('GET', '/v1/auth/me', session)).status).toBe(401);
    expect(await t.db.query(sql`select 1 from session where user_id = ${target} and revoked_at is null`)).toHaveLength(
      0,
    );
    expect((await postLogin(t.app, 'a-sub@test.kassa', TEST_PASSWORD)).status).toBe(401);
    expect((await call('POST', `/v1/user/${await userId('a@test.kassa')}/disable`, merchant)).status).toBe(400);
    expect((await call('POST', `/v1/user/${target}/enable`, merchant)).body.status).toBe('active');
    expect((await postLogin(t.app, 'a-sub@test.kassa', TEST_PASSWORD)).status).toBe(200);
    expect(
      await t.db.query(sql`select 1 from audit_log where type = 'user_disabled' and entity_id = ${target}`),
    ).toHaveLength(1);
  });

  it('resets MFA and resends the welcome mail', async () => {
    const target = await userId('a-norole@test.kassa');
    await t.db.query(sql`update app_user set mfa_type = 'email' where id = ${target}`);
    expect((await call('POST', `/v1/user/${target}/reset-mfa`, merchant)).body.mfa).toBeNull();
    await call('POST', `/v1/user/${target}/resend-welcome`, merchant);
    expect((await latestMail(t.db, 'a-norole@test.kassa'))?.subject).toBe('Welkom bij Kassa');
  });
});

describe('provider users', () => {
  it('lists and creates provider staff with the psp_default welcome mail', async () => {
    expect((await call('GET', '/v1/psp/user', provider)).body.map((u: { email: string }) => u.email)).toEqual([
      'admin@test.kassa',
    ]);
    const created = await call('POST', '/v1/psp/user', provider, {
      email: 'staff@test.kassa',
      name: 'Staff',
      roles: ['PSP', 'PSP_USER_LIST'],
    });
    expect(created.status).toBe(200);
    const mail = await latestMail(t.db, 'staff@test.kassa');
    expect(mail?.template).toBe('welcome_psp');
    expect(mail?.html).toContain('medewerkersaccount');
    expect(mail?.html).toContain('https://kassa.example/updatePassword?new=true&amp;token=');
    const wrongSide = await call('POST', '/v1/psp/user', provider, {
      email: 'x2@test.kassa',
      name: 'X',
      organisation: world.shopA.id,
    });
    expect(paths(wrongSide.body)).toEqual(['body.organisation']);
    // A provider admin creates merchant users too, but PSP_SUPER only by holding it — and never on the merchant side.
    const merchantAdmin = await call('POST', '/v1/user', provider, {
      email: 'shopb-admin@test.kassa',
      name: 'B admin',
      organisation: world.shopB.id,
      roles: ['USER_ALL'],
    });
    expect(merchantAdmin.status).toBe(200);
    expect((await latestMail(t.db, 'shopb-admin@test.kassa'))?.template).toBe('welcome');
    expect(
      paths(
        (
          await call('POST', '/v1/user', provider, {
            email: 'x3@test.kassa',
            name: 'X',
            organisation: world.shopB.id,
            roles: ['PSP'],
          })
        ).body,
      ),
    ).toEqual(['body.roles']);
    const staff = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
    const limitedStaff = await call('POST', '/v1/psp/user', staff, {
      email: 'super@test.kassa',
      name: 'S',
      roles: ['PSP_SUPER'],
    });
    expect(limitedStaff.status).toBe(200);
  });
});
