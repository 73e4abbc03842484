import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD } from '../test/world.ts';

let t: TestApp;
let cookie: string;
let id: string;
beforeAll(async () => {
  t = await createTestApp();
  const world = await createTestWorld(t.db);
  id = await insertTestTransaction(t.db, world.shopA, world.profileA, {
    tags: ['=HYPERLINK("https://evil.example")', 'vip'],
  });
  const history = [
    { status: 'AUTHORIZED', at: '2026-01-02T10:00:00.000Z', reason: null },
    { status: 'SETTLEMENT_COMPLETED', at: '2026-01-03T10:00:00.000Z', reason: 'batch, "night"' },
  ];
  await t.db.query(sql`update transaction set status_history = ${JSON.stringify(history)}::jsonb where id = ${id}`);
  cookie = (await signIn(t.app, 'a@test.kassa', TEST_PASSWORD)).cookie;
});
afterAll(() => t.close());

/** The exported lines; this test's second cell is the last one, so it is unquoted by hand (RFC 4180). */
const exportLines = async (fields: string): Promise<string[]> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/transaction/export?_fields=${fields}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.body.split('\r\n').filter(Boolean);
};
const secondCell = (line: string) => {
  const cell = line.slice(line.indexOf(',') + 1);
  return cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
};

describe('export cells', () => {
  it('checks a list cell for a formula after joining it', async () => {
    const [header, line] = await exportLines('id,tags');
    expect(header).toBe('id,tags');
    expect(line).toBe(`${id},"'=HYPERLINK(""https://evil.example"") vip"`);
  });

  it('writes JSON fields as JSON, not [object Object]', async () => {
    const [, line] = await exportLines('id,status_history');
    expect(line).not.toContain('[object Object]');
    expect(JSON.parse(secondCell(line))).toEqual([
      { status: 'AUTHORIZED', at: '2026-01-02T10:00:00.000Z', reason: null },
      { status: 'SETTLEMENT_COMPLETED', at: '2026-01-03T10:00:00.000Z', reason: 'batch, "night"' },
    ]);
  });
});
