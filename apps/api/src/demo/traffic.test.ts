import { afterAll, beforeAll, expect, it } from 'vitest';
import { mulberry32 } from '@kassa/domain';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createTestWorld } from '../test/world.ts';
import { activityAt } from './calendar.ts';
import { makeDemoPayment } from './traffic.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
});
afterAll(() => t.close());

it('follows the daily rhythm: quiet at night, busiest in the evening, never above 1', () => {
  const at = (iso: string) => activityAt(new Date(iso));
  expect(at('2026-11-24T03:00:00Z')).toBeLessThan(0.05);
  expect(at('2026-11-24T19:00:00Z')).toBeGreaterThan(0.7);
  for (let hour = 0; hour < 24 * 7; hour++) {
    const value = activityAt(new Date(Date.UTC(2026, 10, 22, hour)));
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThanOrEqual(1);
  }
});

it('makes a live payment through the payments engine with its decision and audit entry', async () => {
  const random = mulberry32(14);
  const ids = [];
  for (let i = 0; i < 5; i++) ids.push(await makeDemoPayment(t.db, random));
  const rows = await t.db.query<{
    id: string;
    status: string;
    decision: { routing: unknown } | null;
    audits: number;
  }>(sql`
    select t.id, t.status, t.decision, (select count(*)::int from audit_log a where a.transaction_id = t.id) as audits
    from transaction t where t.id = any(${ids})`);
  expect(rows).toHaveLength(5);
  for (const row of rows) {
    expect(row.decision?.routing).not.toBeNull();
    expect(row.audits).toBe(1);
    expect(['SETTLEMENT_REQUESTED', 'DECLINED', 'FAILED']).toContain(row.status);
  }
});
