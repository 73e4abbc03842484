import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../test/world.ts';
import { sql } from './db/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
});
afterAll(() => t.close());

const appWith = async (overrides: Partial<Config>, run: (app: FastifyInstance) => Promise<void>) => {
  const app = await buildApp({ db: t.db, config: { ...t.config, ...overrides } });
  try {
    await run(app);
  } finally {
    await app.close();
  }
};
const login = (app: FastifyInstance, username: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password }, headers });
const lastLoginOrigin = async (username: string) =>
  (
    await t.db.query<{ origin: string }>(
      sql`select origin from audit_log where user_name = ${username} order by id desc limit 1`,
    )
  )[0]?.origin;

describe('the client address comes from configured proxies only (TRUST_PROXY)', () => {
  it('by default ignores X-Forwarded-For: a new value after the 429 is still refused', async () => {
    for (let i = 0; i < 30; i++) {
      const response = await login(t.app, `nobody${i}@test.kassa`, 'Wrong-password-1!', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const spoofed = await login(t.app, 'a@test.kassa', TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.250' });
    expect(spoofed.statusCode).toBe(429);
    expect(spoofed.headers['retry-after']).toBeDefined();
    await t.db.query(sql`delete from rate_limit`);
  });

  it('by default records the connection address in the audit trail, not the one a client claims', async () => {
    await login(t.app, 'spoof@test.kassa', 'Wrong-password-1!', { 'x-forwarded-for': '203.0.113.9' });
    expect(await lastLoginOrigin('spoof@test.kassa')).toBe('127.0.0.1');
  });

  it('believes the nearest proxy hops when TRUST_PROXY names them', async () => {
    await appWith({ trustProxy: 1 }, async (app) => {
      await login(app, 'hop@test.kassa', 'Wrong-password-1!', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' });
      expect(await lastLoginOrigin('hop@test.kassa')).toBe('203.0.113.7');
    });
    await appWith({ trustProxy: ['127.0.0.1'] }, async (app) => {
      await login(app, 'listed@test.kassa', 'Wrong-password-1!', { 'x-forwarded-for': '203.0.113.8' });
      expect(await lastLoginOrigin('listed@test.kassa')).toBe('203.0.113.8');
    });
    await appWith({ trustProxy: ['10.0.0.1'] }, async (app) => {
      await login(app, 'unlisted@test.kassa', 'Wrong-password-1!', { 'x-forwarded-for': '203.0.113.8' });
      expect(await lastLoginOrigin('unlisted@test.kassa')).toBe('127.0.0.1');
    });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hops or their addresses/);
  });
});

describe('state changes only from Kassa’s own origin', () => {
  const evil = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' };

  it('does not believe X-Forwarded-Host', async () => {
    const response = await login(t.app, 'a@test.kassa', TEST_PASSWORD, { ...evil, host: 'localhost:3000' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('foreign_origin');
    expect(response.cookies).toHaveLength(0);
  });

  it('compares with PUBLIC_URL when it is set, whatever Host says', async () => {
    await appWith({ publicUrl: 'https://kassa.example', publicUrlConfigured: true }, async (app) => {
      expect((await login(app, 'a@test.kassa', TEST_PASSWORD, { ...evil, host: 'evil.example' })).statusCode).toBe(403);
      expect(
        (await login(app, 'a@test.kassa', TEST_PASSWORD, { origin: 'http://kassa.example', host: 'kassa.example' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await login(app, 'a@test.kassa', TEST_PASSWORD, { origin: 'https://kassa.example', host: '10.0.0.5:3000' }))
          .statusCode,
      ).toBe(200);
    });
  });

  it('refuses `Origin: null` (sandboxed frames, some redirects), also without Sec-Fetch-Site', async () => {
    const { cookie } = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      payload: { name: 'Renamed by null' },
      headers: { cookie, origin: 'null' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('foreign_origin');
    const [user] = await t.db.query<{ name: string }>(sql`select name from app_user where email = 'a@test.kassa'`);
    expect(user.name).not.toBe('Renamed by null');
    // The same request from Kassa's own page passes.
    const own = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      payload: { name: 'a' },
      headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(own.statusCode).toBe(200);
  });
});
