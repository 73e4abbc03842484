import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { analyzeEmbedded } from './maintenance.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('the planner statistics job', () => {
  it('gives the embedded engine, which has no autovacuum, the statistics of a table that grew; PostgreSQL gathers its own', async () => {
    await db.query(sql`create table grown (id int primary key, kind text)`);
    await db.query(
      sql`insert into grown select n, case when n % 10 = 0 then 'rare' else 'common' end from generate_series(1, 5000) n`,
    );
    const estimate = async () =>
      (await db.query<{ n: number }>(sql`select reltuples::int as n from pg_class where relname = 'grown'`))[0].n;
    const analysed = await analyzeEmbedded(db);
    if (db.engine === 'pglite') {
      expect(analysed).toBeGreaterThan(0);
      expect(await estimate()).toBe(5000);
      const [kinds] = await db.query<{ n: number }>(
        sql`select count(*)::int as n from pg_stats where tablename = 'grown' and attname = 'kind'`,
      );
      expect(kinds.n).toBe(1);
    } else {
      expect(analysed).toBe(0);
    }
  });
});
