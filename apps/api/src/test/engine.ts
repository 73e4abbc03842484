import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Db } from '../plugins/db/index.ts';
import { migrate } from '../plugins/db/index.ts';
import { openPglite } from '../plugins/db/pglite.ts';
import { openPostgres } from '../plugins/db/postgres.ts';

/** Which engine this test run uses: the `api-pg` vitest project sets KASSA_TEST_ENGINE. */
export const testEngine = (): 'pglite' | 'postgresql' =>
  process.env.KASSA_TEST_ENGINE === 'postgresql' ? 'postgresql' : 'pglite';

/** A fresh, migrated database: in-memory PGlite, or a new schema on TEST_DATABASE_URL. */
export const openTestDb = async (): Promise<Db> => {
  if (testEngine() === 'pglite') {
    const templateFile = inject('pgliteTemplate');
    const template = templateFile ? new Blob([readFileSync(templateFile)]) : undefined;
    const db = await openPglite(undefined, { template });
    // A no-op when the template is current; migrates fully when there is none.
    await migrate(db);
    return db;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('KASSA_TEST_ENGINE=postgresql needs TEST_DATABASE_URL');
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // A busy CI machine can take seconds to hand out a connection: a test is not about that wait.
  const db = await openPostgres({ url, schema, max: 5, connectTimeoutMs: 30_000 });
  await migrate(db);
  const close = db.close;
  const test: Db = {
    ...db,
    close: async () => {
      // A write the app left going after its answer (an audit entry, a session's touch) can still
      // hold locks; when PostgreSQL picks the drop as a deadlock's victim, it drops again.
      for (let attempt = 1; ; attempt++) {
        try {
          await db.exec(`drop schema if exists "${schema}" cascade`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error;
        }
      }
      await close();
    },
  };
  schemas.set(test, schema);
  return test;
};

const schemas = new WeakMap<Db, string>();

/**
 * The same test database as a second API process would open it: its own pool (and listening
 * connection) on PostgreSQL; on PGlite, which one process owns, the same database.
 */
export const openSecondProcessDb = async (db: Db): Promise<{ db: Db; close: () => Promise<void> }> => {
  const schema = schemas.get(db);
  if (!schema) return { db, close: async () => {} };
  const second = await openPostgres({ url: process.env.TEST_DATABASE_URL as string, schema, max: 5 });
  return { db: second, close: () => second.close() };
};

// vitest's provide/inject registry is typed by interface merging.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */
