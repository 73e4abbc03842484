import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLastRunConsistent } from '@kassa/domain';
import { registerAllJobHandlers } from '../../jobs/register-handlers.ts';
import { createRunner } from '../../jobs/runner.ts';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;
let settlementId: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  registerAllJobHandlers();
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  settlementId = newId('prc');
  await t.db
    .query(sql`insert into processor (id, organisation_id, name, type, provider, processor_settlement_type, last, last_run)
    values (${settlementId}, ${world.provider.id}, 'Sandbox settlement', 'processorsettlement', 'sandbox', 'daily', '2026-03-01T00:00:00Z', '2026-03-01T02:00:00Z')`);
});
afterAll(() => t.close());

const settlement = async () =>
  (
    await t.db.query<{ last: Date | null; last_run: Date | null }>(
      sql`select last, last_run from processor where id = ${settlementId}`,
    )
  )[0];

describe('settlement updates', () => {
  it('moves last, runs the settlement in the worker until last_run is consistent, and a reversal puts the old last back without a run', async () => {
    const created = await callAs(t.app, provider, 'POST', '/v1/settlementupdate', {
      processor_settlement: settlementId,
      last: '2026-02-20T00:00:00Z',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      update_last_run: true,
      processor_settlement: { id: settlementId, name: 'Sandbox settlement' },
    });
    expect(new Date(created.body.last).toISOString()).toBe('2026-02-20T00:00:00.000Z');
    expect(new Date(created.body.old_last).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect((await settlement()).last!.toISOString()).toBe('2026-02-20T00:00:00.000Z');

    // Before the worker runs, the screen keeps polling: the last run is older than the update.
    const polled = await callAs(
      t.app,
      provider,
      'GET',
      `/v1/settlementupdate/${created.body.id}?_populate=processor_settlement`,
    );
    expect(isLastRunConsistent(polled.body.created_at, polled.body.processor_settlement.last_run)).toBe(false);
    expect(await createRunner(t.db, t.config).drain()).toBeGreaterThanOrEqual(1);
    const ran = await callAs(
      t.app,
      provider,
      'GET',
      `/v1/settlementupdate/${created.body.id}?_populate=processor_settlement`,
    );
    expect(isLastRunConsistent(ran.body.created_at, ran.body.processor_settlement.last_run)).toBe(true);

    const [audit] = await t.db.query<{ type: string; detail: { update_last_run: boolean } }>(
      sql`select type, detail from audit_log where entity = 'settlementupdate' and entity_id = ${created.body.id}`,
    );
    expect(audit).toMatchObject({ type: 'settlement_update_created', detail: { update_last_run: true } });

    // 'Reverse last update': a new update with the old last and update_last_run false; no run is queued.
    const runBefore = (await settlement()).last_run!.getTime();
    const reversed = await callAs(t.app, provider, 'POST', '/v1/settlementupdate', {
      processor_settlement: settlementId,
      last: created.body.old_last,
      update_last_run: false,
    });
    expect(reversed.status).toBe(201);
    expect(reversed.body.update_last_run).toBe(false);
    expect(await createRunner(t.db, t.config).drain()).toBe(0);
    expect((await settlement()).last!.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect((await settlement()).last_run!.getTime()).toBe(runBefore);

    const list = await callAs(
      t.app,
      provider,
      'GET',
      `/v1/settlementupdate?processor_settlement=${settlementId}&_populate=processor_settlement`,
    );
    expect(list.body.map((u: { id: string }) => u.id)).toEqual([reversed.body.id, created.body.id]);
  });

  it('is only for provider super users, and names bad fields without changing anything', async () => {
    const before = await settlement();
    expect((await callAs(t.app, a, 'GET', '/v1/settlementupdate')).status).toBe(403);
    expect(
      (
        await callAs(t.app, a, 'POST', '/v1/settlementupdate', {
          processor_settlement: settlementId,
          last: '2026-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(403);
    const missing = await callAs(t.app, provider, 'POST', '/v1/settlementupdate', { update_last_run: true });
    expect(missing.status).toBe(400);
    expect(errorPaths(missing.body)).toEqual(['body.last', 'body.processor_settlement']);
    const badDate = await callAs(t.app, provider, 'POST', '/v1/settlementupdate', {
      processor_settlement: settlementId,
      last: 'yesterday',
    });
    expect(errorPaths(badDate.body)).toEqual(['body.last']);
    // A plain processor is not a processor settlement.
    const plain = await callAs(t.app, provider, 'POST', '/v1/settlementupdate', {
      processor_settlement: world.processorId,
      last: '2026-01-01T00:00:00Z',
    });
    expect(plain.status).toBe(404);
    expect(errorPaths(plain.body)).toEqual(['body.processor_settlement']);
    expect(await settlement()).toEqual(before);
  });
});
