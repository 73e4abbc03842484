import { generateDemoWorld } from '../demo/world.ts';
import { scopeFor } from '../plugins/auth-context.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import type { Scope } from './scope.ts';

/**
 * A small demo world on a fresh test database, with the three kinds of scope a query can run in:
 * the provider's (everything), a merchant's and a sub-organisation's.
 */
export const openDemoScopes = async (seed: number): Promise<{ db: Db; scopes: [string, Scope][] }> => {
  const db = await openTestDb();
  await generateDemoWorld(db, { seed, scale: 400, now: Date.UTC(2026, 10, 20, 14, 30) });
  const scopes: [string, Scope][] = [['provider', { kind: 'all' }]];
  for (const type of ['merchant', 'sub']) {
    const [org] = await db.query<{ id: string; type: string; path: string }>(
      sql`select id, type, path from organisation where type = ${type} order by id limit 1`,
    );
    if (org) scopes.push([type, await scopeFor(db, org)]);
  }
  return { db, scopes };
};
