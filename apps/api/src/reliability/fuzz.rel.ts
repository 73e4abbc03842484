import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { recordFigures } from './figures.ts';
import { fuzzOpenApi } from './fuzz.ts';

/**
 * Generated requests per operation and caller. 15 since the API grew to 370 operations (11,100
 * requests); most cases of one operation end in the same validation answer, so 30 doubled the time
 * more than what was tried. KASSA_FUZZ_RUNS raises it for a deeper run.
 */
const RUNS = Number(process.env.KASSA_FUZZ_RUNS ?? 15);
const SEED = Number(process.env.KASSA_FUZZ_SEED ?? 17);
/** Operations fuzzed side by side: the app answers requests concurrently, so should the fuzzer send them. */
const LANES = Number(process.env.KASSA_FUZZ_LANES ?? 4);

let t: TestApp;
let world: TestWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  for (const org of [world.shopA, world.shopB]) {
    for (let i = 0; i < 3; i++)
      await insertTestTransaction(t.db, org, org === world.shopA ? world.profileA : world.profileB, { amount: 5000 });
  }
});
afterAll(() => t.close());

/** Rows of Shop B (another tenant), digested per table: must not change while Shop A and the fuzzer do anything. */
const tenantBDigest = async () => {
  const tables = (
    await t.db.query<{ table_name: string }>(
      sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'organisation_id' order by 1`,
    )
  ).map((r) => r.table_name);
  const digest: Record<string, string | null> = {};
  for (const table of tables) {
    const [row] = await t.db.query<{ d: string | null }>(
      sql`select md5(string_agg(x::text, '|' order by x::text)) as d from ${sql.raw(`"${table}"`)} x where organisation_id = ${world.shopB.id}`,
    );
    digest[table] = row.d;
  }
  return digest;
};

it(`fuzzes every operation of /v1/openapi.json (${RUNS} generated requests each) without a 5xx`, async () => {
  const started = Date.now();
  const before = await tenantBDigest();
  const ids = (
    await t.db.query<{ id: string }>(sql`select id from transaction where organisation_id = ${world.shopA.id}`)
  ).map((r) => r.id);
  const totals = {
    operations: 0,
    requests: 0,
    fiveXx: [] as string[],
    badFormat: [] as string[],
    statuses: {} as Record<string, number>,
  };
  // As the merchant (tenant A) and as the provider, each with its own generated cases.
  for (const [email, seed] of [
    ['a@test.kassa', SEED],
    ['admin@test.kassa', SEED + 100_000],
  ] as const) {
    const who = await signIn(t.app, email, TEST_PASSWORD);
    const result = await fuzzOpenApi(t.app, who, {
      runsPerOperation: RUNS,
      seed,
      lanes: LANES,
      ids: [...ids, world.shopA.id, world.profileA],
    });
    totals.operations = Math.max(totals.operations, result.operations);
    totals.requests += result.requests;
    totals.fiveXx.push(...result.fiveXx);
    totals.badFormat.push(...result.badFormat);
    for (const [k, v] of Object.entries(result.statuses)) totals.statuses[k] = (totals.statuses[k] ?? 0) + v;
  }
  const after = await tenantBDigest();
  const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
  console.log(
    `schema fuzzing: ${totals.operations} operations, ${totals.requests} requests, ${totals.fiveXx.length} × 5xx, ${totals.badFormat.length} badly formatted 4xx`,
    totals.statuses,
  );
  recordFigures('fuzz', {
    operations: totals.operations,
    requests: totals.requests,
    fiveXx: totals.fiveXx.length,
    badFormat: totals.badFormat.length,
    statuses: totals.statuses,
    otherTenantTablesChanged: changed.length,
    seed: SEED,
    runsPerOperation: RUNS,
    lanes: LANES,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  expect(totals.fiveXx.slice(0, 30)).toEqual([]);
  expect(totals.badFormat.slice(0, 30)).toEqual([]);
  expect(changed).toEqual([]);
}, 900_000);
