import argon2 from 'argon2';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuth } from './plugins/auth-context.ts';
import { sql } from './plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from './test/app.ts';
import { testEngine } from './test/engine.ts';
import { createTestWorld, TEST_PASSWORD } from './test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
});
afterAll(() => t.close());

describe('the API foundation', () => {
  it('answers health with the engine and migration version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', engine: testEngine() });
    expect(response.json().migration).toMatch(/^\d{4}_/);
  });

  it('tells the browser its branding, modules and mode before sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/app-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'Kassa',
      logo_url: '/assets/logo.svg',
      modules: [],
      development: true,
      demo: false,
      session_idle_seconds: 1800,
    });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/v1/transaction']).toBeDefined();
    expect(doc.paths['/v1/auth/login'].post.requestBody).toBeDefined();
  });

  it('refuses to build a /v1/ route that declares no access', async () => {
    const app = Fastify();
    registerAuth(app);
    expect(() => app.get('/v1/undeclared', async () => 'x')).toThrow(/declares no access/);
  });

  it('every /v1/ route of the real app declares access', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/v1/transaction');
    // buildApp would have thrown for an undeclared route; this documents the guarantee.
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses state-changing requests from a foreign Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { username: 'a@test.kassa', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('foreign_origin');
    expect(response.cookies).toHaveLength(0);
  });

  it('answers unknown API paths with the JSON error format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});

describe('sign-in', () => {
  it('a wrong password is 401 with a stable code and no cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'a@test.kassa', password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
    expect(response.cookies).toHaveLength(0);
  });

  it('an unknown e-mail answers exactly like a wrong password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'nobody@test.kassa', password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('bad input names the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'not-an-email', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.username', 'body.password']));
  });

  it('sets an HttpOnly SameSite=Lax session cookie, answers me, and logout ends the session', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'a@test.kassa', password: TEST_PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === 'kassa_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const headers = { cookie: `kassa_session=${cookie?.value}` };
    const me = await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers });
    expect(me.json()).toMatchObject({
      email: 'a@test.kassa',
      roles: ['USER_ALL'],
      organisation: { name: 'Shop A', type: 'merchant' },
    });
    await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers });
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers })).statusCode).toBe(401);
  });

  it('upgrades a hash made with older argon2 parameters at the next sign-in', async () => {
    const old = await argon2.hash(TEST_PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 65_536,
      timeCost: 3,
      parallelism: 4,
    });
    await t.db.query(sql`update app_user set password_hash = ${old} where email = 'a-sub@test.kassa'`);
    await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
    const [row] = await t.db.query<{ password_hash: string }>(
      sql`select password_hash from app_user where email = 'a-sub@test.kassa'`,
    );
    const params = /^\$argon2id\$v=19\$([^$]+)\$/.exec(row.password_hash)?.[1].split(',').sort();
    expect(params).toEqual(['m=19456', 'p=1', 't=2']);
    await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
  });

  it('records sign-ins and failures in the audit trail without the password', async () => {
    await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const rows = await t.db.query<{ type: string; detail: unknown }>(
      sql`select type, detail from audit_log order by created_at`,
    );
    expect(rows.map((r) => r.type)).toContain('login');
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
  });
});
