import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { codeFromMail, latestMail, postLogin, sessionCookieOf } from './identity-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
});
afterAll(() => t.close());

/** The TOTP code `steps` steps of 30 s from now (the server accepts one step either side). */
const totpAt = (secret: string, steps = 0) =>
  authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: response.statusCode, body: response.json(), response };
};
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } })).statusCode;
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);
const trustedOf = (response: { cookies: { name: string; value: string; maxAge?: number; httpOnly?: boolean }[] }) =>
  response.cookies.find((c) => c.name === 'kassa_trusted');

describe('authenticator app (TOTP)', () => {
  let secret = '';
  let recovery: string[] = [];
  let trusted = '';

  it('enrols from the profile with a QR code and the secret, confirmed by a first code', async () => {
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const start = await post('/v1/profile/mfa', { type: 'google' }, who);
    expect(start.status).toBe(200);
    expect(start.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Kassa:a%40test\.kassa\?secret=/);
    expect(start.body.qr_code).toMatch(/^data:image\/png;base64,/);
    secret = start.body.secret;
    const wrong = await post(
      '/v1/profile/mfa/confirm',
      { token: start.body.token, code: '000000' === totpAt(secret) ? '111111' : '000000' },
      who,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_token');
    expect(paths(wrong.body)).toEqual(['body.code']);
    const done = await post('/v1/profile/mfa/confirm', { token: start.body.token, code: totpAt(secret) }, who);
    expect(done.status).toBe(200);
    expect(done.body.mfa).toEqual({ enabled: true, type: 'google' });
    recovery = done.body.recovery_codes;
    expect(new Set(recovery).size).toBe(10);
    const profile = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: who });
    expect(profile.json().mfa).toEqual({ enabled: true, type: 'google' });
    expect(profile.body).not.toContain(secret);
  });

  it('asks for the code after the password; the pending session can do nothing else', async () => {
    const login = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ mfa_required: true, mfa_token: expect.any(String), mfa_type: 'google' });
    const pending = await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: login.cookie } });
    expect(pending.statusCode).toBe(401);
    expect(pending.json().code).toBe('mfa_required');
    expect(await me(login.cookie)).toBe(401);
  });

  it('refuses a code already used in its window (replay), then accepts a fresh one and remembers the browser', async () => {
    const login = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD);
    const headers = { cookie: login.cookie };
    const base = { username: 'a@test.kassa', token: login.body.mfa_token, remember: true };
    const replay = await post('/v1/auth/mfa', { ...base, code: totpAt(secret) }, headers);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('invalid_token');
    expect(paths(replay.body)).toEqual(['body.code']);
    expect(paths((await post('/v1/auth/mfa', { ...base, code: '12345' }, headers)).body)).toEqual(['body.code']);
    expect(
      paths((await post('/v1/auth/mfa', { ...base, username: 'b@test.kassa', code: totpAt(secret, 1) }, headers)).body),
    ).toEqual(['body.token']);
    const ok = await post('/v1/auth/mfa', { ...base, code: totpAt(secret, 1) }, headers);
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('a@test.kassa');
    expect(await me(login.cookie)).toBe(401);
    expect(await me(sessionCookieOf(ok.response))).toBe(200);
    const cookie = trustedOf(ok.response);
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    expect(cookie?.httpOnly).toBe(true);
    trusted = `kassa_trusted=${cookie?.value}`;
    // The same code again, in a new sign-in, is refused.
    const again = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD);
    const replayed = await post(
      '/v1/auth/mfa',
      { ...base, token: again.body.mfa_token, code: totpAt(secret, 1) },
      { cookie: again.cookie },
    );
    expect(replayed.body.code).toBe('invalid_token');
  });

  it('skips the second step only in a browser it remembered', async () => {
    const remembered = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD, { cookie: trusted });
    expect(remembered.body.email).toBe('a@test.kassa');
    expect(await me(remembered.cookie)).toBe(200);
    const forged = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD, { cookie: 'kassa_trusted=made-up' });
    expect(forged.body.mfa_required).toBe(true);
  });

  it('accepts each recovery code once instead of the app code', async () => {
    const first = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD);
    const used = await post(
      '/v1/auth/mfa/recovery',
      { username: 'a@test.kassa', token: first.body.mfa_token, recovery_code: recovery[0] },
      { cookie: first.cookie },
    );
    expect(used.status).toBe(200);
    const second = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD);
    const reused = await post(
      '/v1/auth/mfa/recovery',
      { username: 'a@test.kassa', token: second.body.mfa_token, recovery_code: recovery[0] },
      { cookie: second.cookie },
    );
    expect(reused.status).toBe(400);
    expect(paths(reused.body)).toEqual(['body.recovery_code']);
  });

  it('turns off with the password and forgets remembered browsers', async () => {
    const who = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD, { cookie: trusted });
    const headers = { cookie: who.cookie };
    expect(paths((await post('/v1/profile/mfa/disable', { password: 'wrong' }, headers)).body)).toEqual([
      'body.password',
    ]);
    const off = await post('/v1/profile/mfa/disable', { password: TEST_PASSWORD }, headers);
    expect(off.body.mfa).toEqual({ enabled: false, type: null });
    expect(await t.db.query(sql`select 1 from trusted_browser`)).toHaveLength(0);
    const types = (await t.db.query<{ type: string }>(sql`select type from audit_log`)).map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining(['mfa_enabled', 'mfa_failed', 'mfa_disabled', 'mfa_recovery_code_used']),
    );
    const audit = JSON.stringify(await t.db.query(sql`select * from audit_log`));
    expect(audit).not.toContain(secret);
    expect(audit).not.toContain(recovery[1]);
  });
});

describe('e-mailed codes', () => {
  it('enrols with a mailed code, then every sign-in mails a 6-digit code valid 30 minutes', async () => {
    const who = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const start = await post('/v1/profile/mfa', { type: 'email' }, who);
    expect(start.body).toEqual({ type: 'email', token: expect.any(String) });
    const enrolMail = await latestMail(t.db, 'b@test.kassa');
    expect(enrolMail?.template).toBe('mfa_code');
    expect(
      (await post('/v1/profile/mfa/confirm', { token: start.body.token, code: codeFromMail(enrolMail) }, who)).body.mfa
        .type,
    ).toBe('email');

    const login = await postLogin(t.app, 'b@test.kassa', TEST_PASSWORD);
    expect(login.body.mfa_type).toBe('email');
    const mail = await latestMail(t.db, 'b@test.kassa');
    expect(mail?.text).toContain('30');
    const [row] = await t.db.query<{ minutes: number; code_hash: string }>(
      sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes, code_hash from mfa_challenge where kind = 'login' order by created_at desc limit 1`,
    );
    expect(row.minutes).toBe(30);
    expect(row.code_hash).not.toContain(codeFromMail(mail));
    const ok = await post(
      '/v1/auth/mfa',
      { username: 'b@test.kassa', token: login.body.mfa_token, code: codeFromMail(mail), remember: false },
      { cookie: login.cookie },
    );
    expect(ok.status).toBe(200);
    expect(trustedOf(ok.response)).toBeUndefined();
  });

  it('binds the code to its sign-in and uses it once', async () => {
    const first = await postLogin(t.app, 'b@test.kassa', TEST_PASSWORD);
    const firstCode = codeFromMail(await latestMail(t.db, 'b@test.kassa'));
    const second = await postLogin(t.app, 'b@test.kassa', TEST_PASSWORD);
    const secondCode = codeFromMail(await latestMail(t.db, 'b@test.kassa'));
    const body = { username: 'b@test.kassa', remember: false };
    // The first sign-in's code does not open the second (unless both drew the same digits).
    if (firstCode !== secondCode) {
      expect(
        (
          await post(
            '/v1/auth/mfa',
            { ...body, token: second.body.mfa_token, code: firstCode },
            { cookie: second.cookie },
          )
        ).status,
      ).toBe(400);
    }
    // Nor does the second sign-in's token work from the first sign-in's session.
    expect(
      (
        await post(
          '/v1/auth/mfa',
          { ...body, token: second.body.mfa_token, code: secondCode },
          { cookie: first.cookie },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          '/v1/auth/mfa',
          { ...body, token: second.body.mfa_token, code: secondCode },
          { cookie: second.cookie },
        )
      ).status,
    ).toBe(200);
    const reused = await post(
      '/v1/auth/mfa',
      { ...body, token: second.body.mfa_token, code: secondCode },
      { cookie: second.cookie },
    );
    expect(reused.status).toBe(401);
  });

  it('voids the code after 5 wrong tries', async () => {
    const login = await postLogin(t.app, 'b@test.kassa', TEST_PASSWORD);
    const code = codeFromMail(await latestMail(t.db, 'b@test.kassa'));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const body = { username: 'b@test.kassa', token: login.body.mfa_token, remember: false };
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/v1/auth/mfa', { ...body, code: wrongCode }, { cookie: login.cookie });
      expect(wrong.body.code).toBe('invalid_token');
    }
    const late = await post('/v1/auth/mfa', { ...body, code }, { cookie: login.cookie });
    expect(late.status).toBe(400);
    expect(paths(late.body)).toEqual(['body.token']);
    expect(await t.db.query(sql`select 1 from audit_log where type = 'mfa_voided'`)).toHaveLength(1);
  });
});

describe('forced enrolment', () => {
  it('makes a user of an organisation that requires MFA enrol before signing in', async () => {
    await t.db.query(sql`update organisation set mfa_required = 'email' where id = ${world.shopA.id}`);
    const login = await postLogin(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
    expect(login.body).toEqual({ mfa_setup_required: true, required_type: 'email', token: expect.any(String) });
    expect(await me(login.cookie)).toBe(401);
    const headers = { cookie: login.cookie };
    expect(paths((await post('/v1/auth/mfa/setup', { token: 'nope', type: 'email' }, headers)).body)).toEqual([
      'body.token',
    ]);
    expect((await post('/v1/auth/mfa/setup', { token: login.body.token, type: 'email' }, headers)).status).toBe(200);
    const code = codeFromMail(await latestMail(t.db, 'a-sub@test.kassa'));
    const done = await post('/v1/auth/mfa/setup/confirm', { token: login.body.token, code }, headers);
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe('a-sub@test.kassa');
    expect(done.body.mfa).toEqual({ enabled: true, type: 'email' });
    const cookie = sessionCookieOf(done.response);
    expect(await me(cookie)).toBe(200);
    const off = await post('/v1/profile/mfa/disable', { password: TEST_PASSWORD }, { cookie });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('mfa_enforced');
    // The next sign-in asks for the code, not for enrolment.
    expect((await postLogin(t.app, 'a-sub@test.kassa', TEST_PASSWORD)).body.mfa_type).toBe('email');
  });

  it('accepts only an authenticator app where the organisation requires one', async () => {
    await t.db.query(sql`update organisation set mfa_required = 'google' where id = ${world.shopB.id}`);
    const login = await postLogin(t.app, 'b@test.kassa', TEST_PASSWORD);
    expect(login.body).toMatchObject({ mfa_setup_required: true, required_type: 'google' });
    const headers = { cookie: login.cookie };
    const email = await post('/v1/auth/mfa/setup', { token: login.body.token, type: 'email' }, headers);
    expect(email.status).toBe(400);
    expect(paths(email.body)).toEqual(['body.type']);
    const app = await post('/v1/auth/mfa/setup', { token: login.body.token, type: 'google' }, headers);
    const done = await post(
      '/v1/auth/mfa/setup/confirm',
      { token: login.body.token, code: totpAt(app.body.secret) },
      headers,
    );
    expect(done.body.recovery_codes).toHaveLength(10);
    expect(done.body.mfa.type).toBe('google');
  });
});
