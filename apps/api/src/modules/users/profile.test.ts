import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
});
afterAll(() => t.close());

const call = async (
  method: 'GET' | 'POST',
  url: string,
  who: { cookie: string } | Record<string, never>,
  payload?: unknown,
) => {
  const response = await t.app.inject({ method, url, headers: who, payload: payload as object });
  return { status: response.statusCode, body: response.json() };
};

describe('profile', () => {
  it('updates name and language, naming a wrong field', async () => {
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const updated = await call('POST', '/v1/profile', who, { name: 'Anna', language: 'en-US' });
    expect(updated.body).toMatchObject({ name: 'Anna', language: 'en-US', email: 'a@test.kassa' });
    const bad = await call('POST', '/v1/profile', who, { language: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('body.language');
    expect((await call('GET', '/v1/profile', who)).body.name).toBe('Anna');
    expect((await call('GET', '/v1/profile', {})).status).toBe(401);
  });

  it('keeps a time zone (IANA name, Europe/Amsterdam by default) and refuses an unknown one naming body.time_zone', async () => {
    const who = await signIn(t.app, 'a-sub@test.kassa', TEST_PASSWORD);
    expect((await call('GET', '/v1/profile', who)).body.time_zone).toBe('Europe/Amsterdam');
    const updated = await call('POST', '/v1/profile', who, { time_zone: 'America/New_York' });
    expect(updated.body.time_zone).toBe('America/New_York');
    expect((await call('GET', '/v1/auth/me', who)).body.time_zone).toBe('America/New_York');
    for (const wrong of ['Mars/Olympus_Mons', 'Europe/Amsterdam; drop table app_user', '', 'x'.repeat(80)]) {
      const bad = await call('POST', '/v1/profile', who, { time_zone: wrong });
      expect(bad.status, wrong).toBe(400);
      expect(bad.body.details[0].path, wrong).toBe('body.time_zone');
    }
    expect((await call('GET', '/v1/profile', who)).body.time_zone).toBe('America/New_York');
  });

  it('lists own sessions and ends one or all others', async () => {
    const one = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const two = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const three = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
    const sessions = (await call('GET', '/v1/profile/sessions', one)).body;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(one.cookie.split('=')[1]);
    const other = sessions.find((s: { current: boolean }) => !s.current);
    expect((await call('POST', `/v1/profile/sessions/${other.id}/revoke`, one)).status).toBe(200);
    expect((await call('GET', '/v1/profile/sessions', one)).body).toHaveLength(2);
    // Someone else's session id is not found from here.
    const stranger = await signIn(t.app, 'a-analyst@test.kassa', TEST_PASSWORD);
    const [mine] = (await call('GET', '/v1/profile/sessions', stranger)).body;
    expect((await call('POST', `/v1/profile/sessions/${mine.id}/revoke`, one)).status).toBe(404);
    expect((await call('POST', '/v1/profile/sessions/not-hex/revoke', one)).status).toBe(400);
    expect((await call('POST', '/v1/profile/sessions/revoke-others', one)).status).toBe(200);
    expect((await call('GET', '/v1/auth/me', one)).status).toBe(200);
    expect((await call('GET', '/v1/auth/me', two)).status).toBe(401);
    expect((await call('GET', '/v1/auth/me', three)).status).toBe(401);
    expect((await call('GET', '/v1/auth/me', stranger)).status).toBe(200);
  });
});
