import { decodePasswordRequirements, DEFAULT_PASSWORD_REQUIREMENTS } from '@kassa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';
import { latestMail, mailCount, postLogin, runForgotPasswordJobs, tokenFromMail } from './identity-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // A proxy on loopback (where app.inject comes from) names the client: tests vary it per case.
  t = await createTestApp({ publicUrl: 'https://kassa.example', trustProxy: ['127.0.0.1'] });
  await createTestWorld(t.db);
});
afterAll(() => t.close());

const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: response.statusCode, body: response.json() };
};
const forgot = async (email: string, ip = '10.2.0.1') => {
  const answer = await post('/v1/auth/forgot-password', { email }, { 'x-forwarded-for': ip });
  await runForgotPasswordJobs(t);
  return answer;
};
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);
const NEW_PASSWORD = 'Fresh-Kassa-pass-77';

describe('forgot password', () => {
  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const unknown = await forgot('nobody@test.kassa');
    const known = await forgot('a-sub@test.kassa');
    expect(unknown).toEqual(known);
    expect(known).toEqual({ status: 200, body: { ok: true } });
    expect(await mailCount(t.db, 'nobody@test.kassa')).toBe(0);
  });

  it('does the same work for a known and an unknown address: one job, no mail or token yet', async () => {
    const effects = async () =>
      (
        await t.db.query<{ mails: number; tokens: number; audits: number; jobs: number }>(sql`select
        (select count(*)::int from mail) as mails, (select count(*)::int from user_token) as tokens,
        (select count(*)::int from audit_log) as audits, (select count(*)::int from job where queue = 'auth.forgot-password') as jobs`)
      )[0];
    const before = await effects();
    const known = await post('/v1/auth/forgot-password', { email: 'a@test.kassa' }, { 'x-forwarded-for': '10.2.0.7' });
    const afterKnown = await effects();
    const unknown = await post(
      '/v1/auth/forgot-password',
      { email: 'nobody-at-all@test.kassa' },
      { 'x-forwarded-for': '10.2.0.7' },
    );
    const afterUnknown = await effects();
    expect(known).toEqual(unknown);
    expect(afterKnown).toEqual({ ...before, jobs: before.jobs + 1 });
    expect(afterUnknown).toEqual({ ...afterKnown, jobs: afterKnown.jobs + 1 });
    // The job then mails the known address only.
    expect(await runForgotPasswordJobs(t)).toBe(2);
    expect(await mailCount(t.db, 'nobody-at-all@test.kassa')).toBe(0);
    expect((await latestMail(t.db, 'a@test.kassa'))?.template).toBe('password_reset');
  });

  it('mails a link to /updatePassword with a token and the default requirements', async () => {
    await forgot('a@test.kassa');
    const mail = await latestMail(t.db, 'a@test.kassa');
    expect(mail?.template).toBe('password_reset');
    expect(mail?.subject).toBe('Wachtwoord opnieuw instellen');
    const link = new URL(/https:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(link.origin + link.pathname).toBe('https://kassa.example/updatePassword');
    expect(link.searchParams.get('token')?.length).toBeGreaterThanOrEqual(43);
    expect(decodePasswordRequirements(link.searchParams.get('requirements'))).toEqual(DEFAULT_PASSWORD_REQUIREMENTS);
    expect(link.searchParams.get('new')).toBeNull();
    // Stored hashed: the token itself is nowhere in the database.
    expect(
      await t.db.query(sql`select 1 from user_token where id_hash = ${link.searchParams.get('token')}`),
    ).toHaveLength(0);
  });

  it('rate limits per IP address with 429 and retry-after', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(`x${i}@test.kassa`, '10.2.0.99')).status).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: 'a@test.kassa' },
      headers: { 'x-forwarded-for': '10.2.0.99' },
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('names body.email for a malformed address', async () => {
    const response = await forgot('not-an-email');
    expect(response.status).toBe(400);
    expect(paths(response.body)).toEqual(['body.email']);
  });
});

describe('update password', () => {
  const resetToken = async (email: string) => {
    await forgot(email, '10.2.1.1');
    return tokenFromMail(await latestMail(t.db, email));
  };

  it('refuses an unknown token naming body.token', async () => {
    const response = await post('/v1/auth/update-password', { token: 'made-up', password: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_token');
    expect(paths(response.body)).toEqual(['body.token']);
  });

  it('refuses passwords that break the policy, are leaked or are too long, naming body.password, and keeps the token', async () => {
    const token = await resetToken('b@test.kassa');
    const weak = await post('/v1/auth/update-password', { token, password: 'short1!A' });
    expect(weak.status).toBe(400);
    expect(paths(weak.body)).toEqual(['body.password']);
    expect(weak.body.details[0].message).toContain('length');
    const noSpecial = await post('/v1/auth/update-password', { token, password: 'Abcdefghijk12' });
    expect(noSpecial.body.details[0].message).toContain('special');
    const leaked = await post('/v1/auth/update-password', { token, password: 'Qwerty123456!' });
    expect(leaked.status).toBe(400);
    expect(leaked.body.code).toBe('password_leaked');
    expect(paths(leaked.body)).toEqual(['body.password']);
    const long = await post('/v1/auth/update-password', { token, password: `Aa1!${'x'.repeat(125)}` });
    expect(long.status).toBe(400);
    expect(paths(long.body)).toEqual(['body.password']);
    // 128 characters exactly is fine, and the whole of it counts (never truncated).
    const max = `Aa1!${'y'.repeat(124)}`;
    expect((await post('/v1/auth/update-password', { token, password: max })).status).toBe(200);
    expect((await postLogin(t.app, 'b@test.kassa', max.slice(0, 72), { 'x-forwarded-for': '10.2.1.2' })).status).toBe(
      401,
    );
    expect((await postLogin(t.app, 'b@test.kassa', max, { 'x-forwarded-for': '10.2.1.2' })).status).toBe(200);
  });

  it('sets the password once: the token is single use and every session ends', async () => {
    const email = 'a-norole@test.kassa';
    const { cookie } = await signIn(t.app, email, TEST_PASSWORD);
    const token = await resetToken(email);
    expect(await post('/v1/auth/update-password', { token, password: NEW_PASSWORD })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const again = await post('/v1/auth/update-password', { token, password: `${NEW_PASSWORD}x` });
    expect(again.status).toBe(400);
    expect(paths(again.body)).toEqual(['body.token']);
    expect((await postLogin(t.app, email, NEW_PASSWORD, { 'x-forwarded-for': '10.2.1.3' })).status).toBe(200);
    const audits = await t.db.query<{ type: string }>(
      sql`select a.type from audit_log a join app_user u on u.id = a.entity_id where u.email = ${email} and a.type = 'password_reset'`,
    );
    expect(audits).toHaveLength(1);
    const everything = JSON.stringify(await t.db.query(sql`select * from audit_log`));
    expect(everything).not.toContain(NEW_PASSWORD);
    expect(everything).not.toContain(token);
  });

  it('refuses an expired token (1 hour) and an older token once a newer one was sent', async () => {
    const older = await resetToken('a-sub@test.kassa');
    const newer = await resetToken('a-sub@test.kassa');
    expect(paths((await post('/v1/auth/update-password', { token: older, password: NEW_PASSWORD })).body)).toEqual([
      'body.token',
    ]);
    const [row] = await t.db.query<{ seconds: number }>(
      sql`select round(extract(epoch from expires_at - created_at))::int as seconds from user_token where used_at is null and purpose = 'reset' order by created_at desc limit 1`,
    );
    expect(row.seconds).toBe(3600);
    await t.db.query(
      sql`update user_token set expires_at = now() - interval '1 second' where purpose = 'reset' and used_at is null`,
    );
    const expired = await post('/v1/auth/update-password', { token: newer, password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(paths(expired.body)).toEqual(['body.token']);
  });
});

describe('change own password and e-mail', () => {
  it('needs the current password and ends the other sessions only', async () => {
    const email = 'a@test.kassa';
    const first = await signIn(t.app, email, TEST_PASSWORD);
    const second = await signIn(t.app, email, TEST_PASSWORD);
    const wrong = await post('/v1/profile/password', { current_password: 'nope', password: NEW_PASSWORD }, first);
    expect(wrong.status).toBe(400);
    expect(paths(wrong.body)).toEqual(['body.current_password']);
    const leaked = await post(
      '/v1/profile/password',
      { current_password: TEST_PASSWORD, password: 'Password1234!' },
      first,
    );
    expect(leaked.body.code).toBe('password_leaked');
    expect(
      (await post('/v1/profile/password', { current_password: TEST_PASSWORD, password: NEW_PASSWORD }, first)).status,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: first })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: second })).statusCode).toBe(401);
    expect(await t.db.query(sql`select 1 from audit_log where type = 'password_changed'`)).toHaveLength(1);
  });

  it('changes the e-mail address only through the link mailed to the new address', async () => {
    const who = await signIn(t.app, 'a-analyst@test.kassa', TEST_PASSWORD);
    const taken = await post('/v1/profile/email', { email: 'b@test.kassa' }, who);
    expect(taken.status).toBe(400);
    expect(paths(taken.body)).toEqual(['body.email']);
    expect(paths((await post('/v1/profile/email', { email: 'bad' }, who)).body)).toEqual(['body.email']);
    expect((await post('/v1/profile/email', { email: 'analyst.new@test.kassa' }, who)).status).toBe(200);
    const mail = await latestMail(t.db, 'analyst.new@test.kassa');
    expect(mail?.text).toContain('/updateEmail?token=');
    const token = tokenFromMail(mail);
    const other = await post('/v1/auth/update-email', { token, email: 'someone.else@test.kassa' });
    expect(other.status).toBe(400);
    expect(paths(other.body)).toEqual(['body.email']);
    expect(
      paths((await post('/v1/auth/update-email', { token: 'nope', email: 'analyst.new@test.kassa' })).body),
    ).toEqual(['body.token']);
    expect((await post('/v1/auth/update-email', { token, email: 'analyst.new@test.kassa' })).status).toBe(200);
    expect(paths((await post('/v1/auth/update-email', { token, email: 'analyst.new@test.kassa' })).body)).toEqual([
      'body.token',
    ]);
    const [row] = await t.db.query<{ email: string }>(
      sql`select email from app_user where email = 'analyst.new@test.kassa'`,
    );
    expect(row.email).toBe('analyst.new@test.kassa');
  });

  it('needs a signed-in user for the profile calls', async () => {
    expect((await post('/v1/profile/password', { current_password: 'x', password: 'y' })).status).toBe(401);
    expect((await post('/v1/profile/email', { email: 'x@test.kassa' })).status).toBe(401);
  });
});
