import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql, type Row } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import type { EntityDef } from './entity.ts';
import { streamQuery } from './repository.ts';

const ROWS = 30_000;
let t: TestApp;
let world: TestWorld;
let baseUrl: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  // Enough rows (about 13 MB of CSV, more than socket buffers hold) that the export is far from
  // done when the first bytes arrive; every three share a timestamp.
  await t.db
    .query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, merchant_reference, amount, currency_code,
      payment_product_type, status, description, created_at, updated_at)
    select 'tx_bulk_' || lpad(i::text, 6, '0'), ${world.shopA.id}, ${world.shopA.id}, ${world.profileA}, 'BULK-' || i, 1000 + i % 50, 'EUR',
      'card', 'SETTLEMENT_COMPLETED', repeat('x', 300), timestamptz '2026-01-01' + (i / 3) * interval '1.000001 second', now()
    from generate_series(1, ${ROWS}) i`);
  cookie = (await signIn(t.app, 'a@test.kassa', TEST_PASSWORD)).cookie;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t.close());

/** Starts an export over real HTTP and resolves once its first bytes have arrived. */
const startExport = () =>
  new Promise<{ response: IncomingMessage; first: string; abort: () => void }>((resolve, reject) => {
    const request = httpGet(`${baseUrl}/v1/transaction/export`, { headers: { cookie } }, (response) => {
      response.once('data', (chunk: Buffer) => {
        response.pause();
        resolve({ response, first: chunk.toString('utf8'), abort: () => request.destroy() });
      });
      response.once('error', () => {});
    });
    request.once('error', reject);
  });

/** The rest of a paused export's body. */
const readRest = (response: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.once('end', () => resolve(body));
    response.once('error', reject);
    response.resume();
  });

/** Other requests must answer within a short deadline, not wait for the export. */
const answersQuickly = async () => {
  const options = { headers: { cookie }, signal: AbortSignal.timeout(5000) };
  const health = await fetch(`${baseUrl}/v1/health`, options);
  expect(health.status).toBe(200);
  const list = await fetch(`${baseUrl}/v1/transaction?_limit=5`, options);
  expect(list.status).toBe(200);
  expect(await list.json()).toHaveLength(5);
};

describe('exports and the rest of the API', () => {
  it('keeps answering after a client reads a few bytes of an export and goes away', async () => {
    for (let i = 0; i < 3; i++) {
      const { first, abort } = await startExport();
      expect(first.startsWith('id,')).toBe(true);
      abort();
      await new Promise((r) => setTimeout(r, 50));
      await answersQuickly();
    }
    // Three full export starts on a busy machine; each other request still has its 5 s deadline.
  }, 90_000);

  it('answers other requests while an export streams, and the export still has every row once', async () => {
    const { response, first } = await startExport();
    await answersQuickly();
    const lines = (first + (await readRest(response))).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^id,/);
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    const [{ count }] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from transaction where merchant_id = ${world.shopA.id}`,
    );
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    // Newest first, as the list: the default sort.
    expect(ids[0]).toBe('tx_bulk_030000');
  });
});

describe('leaving a stream early', () => {
  it('closes the cursor and ends its transaction: the database answers the next query at once', async () => {
    // More early exits than the test pool has connections: a leaked one would show.
    for (let i = 0; i < 8; i++) {
      for await (const batch of t.db.stream<{ i: number }>(sql`select i from generate_series(1, 10000) i`, 100)) {
        expect(batch).toHaveLength(100);
        break;
      }
      const answer = await Promise.race([
        t.db.query<{ one: number }>(sql`select 1 as one`),
        new Promise((r) => setTimeout(() => r('timeout'), 3000)),
      ]);
      expect(answer).toEqual([{ one: 1 }]);
    }
  });

  it('ends the transaction when the consumer fails in the middle', async () => {
    const failing = async () => {
      for await (const _batch of t.db.stream(sql`select i from generate_series(1, 10000) i`, 100))
        throw new Error('consumer failed');
    };
    await expect(failing()).rejects.toThrow('consumer failed');
    expect(await t.db.query(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

describe('keyset pages', () => {
  const entity: EntityDef = {
    name: 'keyset_probe',
    table: 'keyset_probe',
    tenancy: 'shared',
    row: z.object({ id: z.string(), v: z.number(), created_at: z.date() }),
    fields: {
      id: { type: 'id', sort: true },
      v: { type: 'int', sort: true },
      created_at: { type: 'timestamp', sort: true },
    },
  };

  beforeAll(async () => {
    await t.db.exec(`create table keyset_probe (id text primary key, v int, created_at timestamptz not null);
      insert into keyset_probe select 'k' || lpad(i::text, 3, '0'), case when i % 4 = 0 then null else i % 5 end,
        timestamptz '2026-01-01 00:00:00.000001' + (i % 3) * interval '1 microsecond' from generate_series(1, 40) i;`);
  });

  for (const sort of ['v', '-v', 'created_at', '-created_at', 'id', '-id']) {
    it(`page by page give exactly the rows of one query in the same order (_sort=${sort}, nulls and ties)`, async () => {
      const { pages } = await streamQuery(t.db, entity, { kind: 'all' }, { _sort: sort });
      const all = (await t.db.query(pages.all)).map((row) => row.id);
      const paged: unknown[] = [];
      let last: Row | null = null;
      for (;;) {
        const rows: Row[] = await t.db.query(pages.page(last, 3));
        if (rows.length === 0) break;
        paged.push(...rows.map((row) => row.id));
        last = rows[rows.length - 1];
      }
      expect(all).toHaveLength(40);
      expect(paged).toEqual(all);
    });
  }
});
