import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../auth/user.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { maskBody } from '../../plugins/audit-mask.ts';
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
      // The service's own entry (tag_created) is written with the tag; the request's entry follows the answer.
      return (list.body as Item[]).find((row) => row.response_code === 201 && row.type.startsWith('POST '));
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

  it("is provider staff's (a provider page): a merchant's user is refused (403) even with the audit-trail role", async () => {
    const item = await eventually(
      async () => ((await call(t.app, provider, 'GET', '/v1/psp/audittrail?route=/v1/tag')).body as Item[])[0],
    );
    // Issue 32 item 8: every /v1/psp/ route is the provider's area, whatever roles a merchant's user holds.
    expect((await call(t.app, auditorB, 'GET', `/v1/psp/audittrail/${item.id}`)).status).toBe(403);
    expect((await call(t.app, auditorB, 'GET', '/v1/psp/audittrail?route=/v1/tag')).status).toBe(403);
    expect((await call(t.app, a, 'GET', '/v1/psp/audittrail')).status).toBe(403);
  });

  it('writes the same entry for a call with an Idempotency-Key (written with its answer) as without one', async () => {
    const key = (await call(t.app, a, 'POST', '/v1/apikey', { name: 'audit', roles: ['USER_ALL'] })).body.key as string;
    const pay = (reference: string, idempotencyKey?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/transaction',
        headers: {
          authorization: `Bearer ${key}`,
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        payload: {
          payment_profile: world.profileA,
          amount: 1999,
          payment_product_type: 'card',
          merchant_reference: reference,
        },
      });
    const entryOf = (reference: string) =>
      eventually(async () => {
        const [row] = await t.db.query<Item & { response: { headers: { name: string; value: string }[] } }>(
          sql`select type, user_name, authentication, response_code, request, response from audit_log
            where route = '/v1/transaction' and request->'body'->>'merchant_reference' = ${reference}`,
        );
        return row;
      });
    const plain = await pay('AUDIT-PLAIN');
    const keyed = await pay('AUDIT-KEYED', 'audit-keyed-1');
    expect([plain.statusCode, keyed.statusCode]).toEqual([201, 201]);
    const [plainEntry, keyedEntry] = [await entryOf('AUDIT-PLAIN'), await entryOf('AUDIT-KEYED')];
    const names = (entry: typeof plainEntry) => entry.response.headers.map((h) => h.name);
    expect(names(keyedEntry)).toEqual(names(plainEntry));
    const header = (entry: typeof plainEntry, name: string) =>
      entry.response.headers.find((h) => h.name === name)?.value;
    expect(header(keyedEntry, 'content-length')).toBe(keyed.headers['content-length']);
    expect(header(plainEntry, 'content-length')).toBe(plain.headers['content-length']);
    expect(keyedEntry.response.body).toEqual(maskBody(keyed.body));
    expect(keyedEntry).toMatchObject({ type: 'POST /v1/transaction', authentication: 'api', response_code: 201 });
    // Exactly one entry, not one with the answer and another after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [count] = await t.db.query<{ n: number }>(
      sql`select count(*)::int as n from audit_log where route = '/v1/transaction' and request->'body'->>'merchant_reference' = 'AUDIT-KEYED'`,
    );
    expect(count.n).toBe(1);
    // A replay is recorded too, with its own answer.
    expect((await pay('AUDIT-KEYED', 'audit-keyed-1')).headers['idempotent-replayed']).toBe('true');
    await eventually(async () => {
      const [again] = await t.db.query<{ n: number }>(
        sql`select count(*)::int as n from audit_log where route = '/v1/transaction' and request->'body'->>'merchant_reference' = 'AUDIT-KEYED'`,
      );
      return again.n === 2 ? again : undefined;
    });
  });

  it('writes a payment with a key, its answer and its audit entry together or not at all', async () => {
    const key = (await call(t.app, a, 'POST', '/v1/apikey', { name: 'audit fails', roles: ['USER_ALL'] })).body
      .key as string;
    // Entries of this one payment cannot be written (the answer's and the one after it alike).
    await t.db.exec(`create function audit_refuse_marked() returns trigger language plpgsql as $$
      begin if new.request->'body'->>'merchant_reference' = 'AUDIT-FAILS' then raise exception 'refused'; end if; return new; end $$;
      create trigger audit_refuse_marked before insert on audit_log for each row execute function audit_refuse_marked();`);
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/transaction',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'audit-fails-1' },
        payload: {
          payment_profile: world.profileA,
          amount: 1999,
          payment_product_type: 'card',
          merchant_reference: 'AUDIT-FAILS',
        },
      });
    const payments = async () =>
      (
        await t.db.query<{ n: number }>(
          sql`select count(*)::int as n from transaction where merchant_reference = 'AUDIT-FAILS'`,
        )
      )[0].n;
    try {
      // No payment without its entry (and no answer to replay): the key is free again.
      expect((await pay()).statusCode).toBeGreaterThanOrEqual(500);
      expect(await payments()).toBe(0);
    } finally {
      await t.db.exec('drop trigger audit_refuse_marked on audit_log; drop function audit_refuse_marked();');
    }
    const first = await pay();
    expect(first.statusCode).toBe(201);
    const again = await pay();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await payments()).toBe(1);
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
