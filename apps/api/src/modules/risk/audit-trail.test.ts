import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../auth/user.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, type Who } from '../recurring/recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
let provider: Who;
let auditorB: Who;

type Item = {
  id: string;
  type: string;
  user_name: string;
  authentication: string;
  response_code: number;
  request: { headers: { name: string; value: string }[]; body: Record<string, unknown> };
  response: { body: Record<string, unknown> };
};

/** Audit rows are written after the answer is sent: wait until the expected one is there. */
const eventually = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 50; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('audit row never appeared');
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await insertUser(t.db, {
    organisationId: world.shopB.id,
    email: 'b-audit@test.kassa',
    name: 'B auditor',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['PSP_AUDITTRAIL_LIST'],
  });
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  auditorB = await signIn(t.app, 'b-audit@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('audit trail', () => {
  it('records a user’s change with who, route, code and masked bodies and headers', async () => {
    const created = await call(t.app, a, 'POST', '/v1/tag', { text: 'Card 4111 1111 1111 1111', colour: '#123456' });
    expect(created.status).toBe(201);
    const item = await eventually(async () => {
      const list = await call(t.app, provider, 'GET', '/v1/psp/audittrail?route=/v1/tag&_populate=transaction');
      return (list.body as Item[]).find((row) => row.response_code === 201);
    });
    expect(item).toMatchObject({ type: 'POST /v1/tag', user_name: 'a', authentication: 'jwt' });
    expect(item.request.body).toEqual({ text: 'Card 411111******1111', colour: '#123456' });
    expect(item.response.body.text).toBe('Card 411111******1111');
    expect(item.request.headers).toContainEqual({ name: 'cookie', value: '********' });
    expect(JSON.stringify(item)).not.toContain('4111 1111 1111 1111');
    // Filters of §2.7: response-code range, authentication, type.
    const counted = await call(
      t.app,
      provider,
      'GET',
      '/v1/psp/audittrail/count?response_code>=200&response_code<=299&authentication=jwt&type=POST /v1/tag',
    );
    expect(counted.body.count).toBeGreaterThanOrEqual(1);
  });

  it('keeps other merchants out (404, absent from lists) and needs the audit-trail role (403)', async () => {
    const item = await eventually(
      async () => ((await call(t.app, provider, 'GET', '/v1/psp/audittrail?route=/v1/tag')).body as Item[])[0],
    );
    expect((await call(t.app, auditorB, 'GET', `/v1/psp/audittrail/${item.id}`)).status).toBe(404);
    expect((await call(t.app, auditorB, 'GET', '/v1/psp/audittrail?route=/v1/tag')).body).toEqual([]);
    expect((await call(t.app, a, 'GET', '/v1/psp/audittrail')).status).toBe(403);
  });

  it('refuses UPDATE and DELETE in the database itself', async () => {
    await expect(t.db.query(sql`update audit_log set user_name = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(sql`delete from audit_log`)).rejects.toThrow(/append-only/);
    const [row] = await t.db.query<{ n: number }>(
      sql`select count(*)::int as n from audit_log where user_name = 'someone else'`,
    );
    expect(row.n).toBe(0);
  });
});
