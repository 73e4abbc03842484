import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../test/world.ts';
import { sql } from './db/index.ts';
import { REFUSED_KEYS_PER_IP } from './rate-limit.ts';

let t: TestApp;
let validKey: string;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
  const { cookie } = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/apikey',
    headers: { cookie },
    payload: { name: 'good integration', roles: ['TRANSACTION_LIST'] },
  });
  validKey = created.json().key;
});
afterAll(() => t.close());

const BAD_KEY = `ksk_${'0'.repeat(40)}`;
const call = (remoteAddress: string, key = BAD_KEY) =>
  t.app.inject({ method: 'GET', url: '/v1/transaction', remoteAddress, headers: { authorization: `Bearer ${key}` } });

type Refusal = { response_code: number; detail: Record<string, unknown> };
const refusalsFrom = (origin: string) =>
  t.db.query<Refusal>(
    sql`select response_code, detail from audit_log where type = 'api_key_refused' and origin = ${origin} order by created_at, id`,
  );

describe('refused API keys (issue 30 item 10)', () => {
  it('are braked per address with 429 and retry-after, and written as a row per window, not per request', async () => {
    const limit = REFUSED_KEYS_PER_IP.limit;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    // The reproduction sent 300; ten past the limit show the same.
    for (let i = 0; i < limit + 10; i++) {
      last = await call('203.0.113.7');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    expect(last?.json()).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last?.headers['retry-after'])).toBeLessThanOrEqual(REFUSED_KEYS_PER_IP.windowSeconds);

    const rows = await refusalsFrom('203.0.113.7');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ response_code: 401, detail: { count: 1, prefix: BAD_KEY.slice(0, 14) } });
    expect(rows[1]).toMatchObject({ response_code: 429, detail: { count: limit + 1, rate_limited: true } });

    // Another address is counted on its own; a valid key from the braked address still works.
    expect((await call('198.51.100.9')).statusCode).toBe(401);
    expect((await call('203.0.113.7', validKey)).statusCode).toBe(200);
  });

  it('carry the final count of the ended window on the next window first row', async () => {
    const origin = '192.0.2.44';
    for (let i = 0; i < 5; i++) expect((await call(origin)).statusCode).toBe(401);
    // The window ends (as a minute passing would).
    await t.db.query(
      sql`update rate_limit set window_start = now() - interval '2 minutes' where key = ${`refused-key:${origin}`}`,
    );
    expect((await call(origin)).statusCode).toBe(401);
    const rows = await refusalsFrom(origin);
    expect(rows).toHaveLength(2);
    expect(rows[1].detail).toMatchObject({ count: 1, previous_window: { count: 5 } });
  });
});
