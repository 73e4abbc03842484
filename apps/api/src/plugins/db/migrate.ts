import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './engine.ts';
import { sql } from './sql.ts';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/** The migration files in order; the version is the file name without `.sql`. */
export const listMigrations = (): { version: string; text: string }[] =>
  readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), text: readFileSync(join(migrationsDir, file), 'utf8') }));

/**
 * Applies the migrations not yet applied, all in one transaction under an advisory lock, so
 * that several processes starting at once on PostgreSQL apply each exactly once.
 */
export const migrate = async (db: Db, onPending?: (count: number) => void): Promise<string> => {
  const migrations = listMigrations();
  await db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(727272)`);
    await tx.exec(
      'create table if not exists schema_migration (version text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await tx.query<{ version: string }>(sql`select version from schema_migration`)).map((row) => row.version),
    );
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    if (pending.length > 0) onPending?.(pending.length);
    for (const migration of pending) {
      await tx.exec(migration.text);
      await tx.query(sql`insert into schema_migration (version) values (${migration.version})`);
    }
  });
  return currentVersion(db);
};

export const currentVersion = async (db: Db): Promise<string> => {
  const rows = await db.query<{ version: string }>(sql`select max(version) as version from schema_migration`);
  return rows[0]?.version ?? 'none';
};
