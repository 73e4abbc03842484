import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';

let t: TestApp;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
  ({ a, b } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

describe('the mode of a person (issue 38)', () => {
  it('is live until the person switches, kept per user, and answered by /v1/auth/me', async () => {
    expect((await callAs(t.app, a, 'GET', '/v1/auth/me')).body.mode).toBe('live');
    const switched = await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'test' });
    expect(switched.status).toBe(200);
    expect(switched.body.mode).toBe('test');
    expect((await callAs(t.app, a, 'GET', '/v1/auth/me')).body.mode).toBe('test');
    // Another user's choice is their own.
    expect((await callAs(t.app, b, 'GET', '/v1/auth/me')).body.mode).toBe('live');
    const [audit] = await t.db.query<{ detail: { mode: string } }>(
      sql`select detail from audit_log where type = 'mode_changed' order by created_at desc limit 1`,
    );
    expect(audit?.detail).toEqual({ mode: 'test' });
    expect((await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'live' })).body.mode).toBe('live');
    expect((await callAs(t.app, a, 'GET', '/v1/auth/me')).body.mode).toBe('live');
  });

  it('refuses a mode it does not know, naming the field, and changes nothing', async () => {
    for (const body of [{ mode: 'sandbox' }, {}, { mode: 1 }]) {
      const refused = await callAs(t.app, a, 'POST', '/v1/auth/mode', body);
      expect(refused.status).toBe(400);
      expect(errorPaths(refused.body)).toEqual(['body.mode']);
    }
    expect((await callAs(t.app, a, 'GET', '/v1/auth/me')).body.mode).toBe('live');
  });

  it('is a person’s choice: an API key has its mode for good and cannot switch', async () => {
    const created = await callAs(t.app, a, 'POST', '/v1/apikey', {
      name: 'Test shop',
      roles: ['TRANSACTION_LIST'],
      mode: 'test',
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^ksk_test_[0-9a-f]{10}_/);
    expect(created.body.mode).toBe('test');
    const refused = await callAs(t.app, bearer(created.body.key), 'POST', '/v1/auth/mode', { mode: 'live' });
    expect(refused.status).toBe(403);
    const live = await callAs(t.app, a, 'POST', '/v1/apikey', { name: 'Live shop', roles: ['TRANSACTION_LIST'] });
    expect(live.body.key).toMatch(/^ksk_live_/);
    expect(live.body.mode).toBe('live');
    const bad = await callAs(t.app, a, 'POST', '/v1/apikey', {
      name: 'x',
      roles: ['TRANSACTION_LIST'],
      mode: 'staging',
    });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['body.mode']);
  });

  it('keeps keys of the old format (`ksk_<hex>_…`, made before test mode) working, as live keys', async () => {
    const created = await callAs(t.app, a, 'POST', '/v1/apikey', { name: 'Old', roles: ['TRANSACTION_LIST'] });
    // Rewrite it to a key of the old format, as stored before migration 0115.
    const oldKey = created.body.key.replace('ksk_live_', 'ksk_');
    const { createHash } = await import('node:crypto');
    await t.db.query(
      sql`update api_key set key_hash = ${createHash('sha256').update(oldKey).digest('hex')}, prefix = ${created.body.prefix.replace('ksk_live_', 'ksk_')} where id = ${created.body.id}`,
    );
    const listed = await callAs(t.app, bearer(oldKey), 'GET', '/v1/transaction?_limit=1');
    expect(listed.status).toBe(200);
    expect((await callAs(t.app, a, 'GET', `/v1/apikey/${created.body.id}`)).body.mode).toBe('live');
  });
});
