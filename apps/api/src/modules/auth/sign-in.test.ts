import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';
import { postLogin } from './identity-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // A proxy on loopback (where app.inject comes from) names the client: tests vary it per case.
  t = await createTestApp({ trustProxy: ['127.0.0.1'] });
  await createTestWorld(t.db);
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } });
const auditTypes = async (email: string) =>
  (
    await t.db.query<{ type: string }>(
      sql`select a.type from audit_log a join app_user u on u.id = a.user_id where u.email = ${email} order by a.id`,
    )
  ).map((r) => r.type);

describe('sign-in', () => {
  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const unknown = await postLogin(t.app, 'nobody@test.kassa', 'Whatever-2026!', { 'x-forwarded-for': '10.1.0.1' });
    const wrong = await postLogin(t.app, 'a@test.kassa', 'Wrong-password-1!', { 'x-forwarded-for': '10.1.0.1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    // Identical but for the request id every answer carries.
    expect({ ...unknown.body, requestId: 'x' }).toEqual({ ...wrong.body, requestId: 'x' });
    expect(wrong.body.code).toBe('invalid_credentials');
  });

  it('locks the account for 30 minutes after 10 consecutive failures, even for the right password', async () => {
    const email = 'a-analyst@test.kassa';
    for (let i = 0; i < 10; i++)
      expect((await postLogin(t.app, email, `Wrong-${i}-password!`, { 'x-forwarded-for': '10.1.0.2' })).status).toBe(
        401,
      );
    const locked = await postLogin(t.app, email, TEST_PASSWORD, { 'x-forwarded-for': '10.1.0.3' });
    // Answered exactly like an unknown address: a stranger cannot tell that the account exists (or is locked).
    const unknown = await postLogin(t.app, 'nobody-locked@test.kassa', TEST_PASSWORD, {
      'x-forwarded-for': '10.1.0.3',
    });
    expect(locked.status).toBe(401);
    expect({ ...locked.body, requestId: 'x' }).toEqual({ ...unknown.body, requestId: 'x' });
    expect(locked.cookie).toBe('');
    const [row] = await t.db.query<{ minutes: number }>(
      sql`select round(extract(epoch from locked_until - now()) / 60)::int as minutes from app_user where email = ${email}`,
    );
    expect(row.minutes).toBe(30);
    expect(await auditTypes(email)).toEqual(expect.arrayContaining(['login_failed', 'account_locked', 'login_locked']));
    // Once the lock has run out the right password works and the count starts again.
    await t.db.query(sql`update app_user set locked_until = now() - interval '1 second' where email = ${email}`);
    expect((await postLogin(t.app, email, TEST_PASSWORD, { 'x-forwarded-for': '10.1.0.3' })).status).toBe(200);
  });

  it('rate limits failed sign-ins per IP address with 429 and retry-after, kept in the database', async () => {
    const ip = { 'x-forwarded-for': '10.1.0.9' };
    for (let i = 0; i < 3; i++) await postLogin(t.app, `ghost${i}@test.kassa`, 'Wrong-password-1!', ip);
    const counted = async () =>
      (await t.db.query<{ count: number }>(sql`select count from rate_limit where key = 'login:10.1.0.9'`))[0].count;
    expect(await counted()).toBe(3);
    // Fast-forward to just below the limit of 30 (each real failure costs an argon2 verification).
    await t.db.query(sql`update rate_limit set count = 29 where key = 'login:10.1.0.9'`);
    expect((await postLogin(t.app, 'ghost@test.kassa', 'Wrong-password-1!', ip)).status).toBe(401);
    const refused = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Another address is not affected.
    expect((await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD, { 'x-forwarded-for': '10.1.0.10' })).status).toBe(
      200,
    );
  });

  it('names the field of a malformed sign-in', async () => {
    const response = await postLogin(t.app, 'not-an-email', 'x');
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.password',
      'body.username',
    ]);
  });

  it('refuses a state change from a foreign Origin with 403 foreign_origin', async () => {
    const response = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('foreign_origin');
  });

  it('ends the session on logout', async () => {
    const { cookie } = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { cookie } });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('stores only a hash of the session id', async () => {
    const { cookie } = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const token = cookie.split('=')[1];
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(await t.db.query(sql`select 1 from session where id_hash = ${token}`)).toHaveLength(0);
  });
});

describe('idle expiry', () => {
  it('answers 401 once the session was idle longer than SESSION_IDLE_SECONDS', async () => {
    const short = await createTestApp({ sessionIdleSeconds: 1 });
    try {
      await createTestWorld(short.db);
      const { cookie } = await signIn(short.app, 'a@test.kassa', TEST_PASSWORD);
      expect((await short.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const idle = await short.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } });
      expect(idle.statusCode).toBe(401);
      expect(idle.json().code).toBe('unauthenticated');
    } finally {
      await short.close();
    }
  });
});
