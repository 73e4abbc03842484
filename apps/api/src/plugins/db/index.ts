import type { Config } from '../../config.ts';
import type { Db } from './engine.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export type { Db, Queryable, Row, EngineName, Pages } from './engine.ts';
export { sql, type Sql } from './sql.ts';
export { migrate, currentVersion } from './migrate.ts';

/** Opens the engine the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const openDb = (config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'>): Promise<Db> =>
  config.databaseUrl
    ? openPostgres({ url: config.databaseUrl, schema: config.databaseSchema })
    : openPglite(config.dataDir);

/** True for PostgreSQL's unique-violation error (a race lost against a unique index), on either engine. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';
