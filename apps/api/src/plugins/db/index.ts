import type { Config } from '../../config.ts';
import type { Db } from './engine.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { withReplicas } from './replicas.ts';

export type { Db, Queryable, Row, EngineName, Pages } from './engine.ts';
export { sql, type Sql } from './sql.ts';
export { migrate, currentVersion } from './migrate.ts';

export { readFromReplica, onPrimary, replicasOf } from './replicas.ts';

type DbConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'> &
  Partial<Pick<Config, 'databaseReadUrls' | 'databaseReadMaxLag' | 'databasePooler' | 'databaseListenUrl'>>;

/**
 * Opens the engine the configuration names: PostgreSQL when DATABASE_URL is set (with its read
 * replicas, DATABASE_READ_URL), else PGlite.
 */
export const openDb = async (config: DbConfig): Promise<Db> => {
  if (!config.databaseUrl) return openPglite(config.dataDir);
  const pooler = config.databasePooler;
  if (pooler === 'transaction' && !config.databaseListenUrl)
    throw new Error(
      'DATABASE_POOLER=transaction: LISTEN cannot work through a transaction-mode pooler; set DATABASE_LISTEN_URL to the database directly (or a session-mode pool)',
    );
  const primary = await openPostgres({
    url: config.databaseUrl,
    schema: config.databaseSchema,
    pooler,
    listenUrl: config.databaseListenUrl,
  });
  const urls = config.databaseReadUrls ?? [];
  if (urls.length === 0) return primary;
  const replicas = await Promise.all(
    urls.map(async (url, i) => ({
      name: `replica_${i + 1}`,
      // Connections to a replica give up after a second: the primary answers meanwhile.
      db: await openPostgres({
        url,
        schema: config.databaseSchema,
        name: `replica_${i + 1}`,
        readOnly: true,
        pooler,
        connectTimeoutMs: 1000,
      }),
    })),
  );
  const db = withReplicas(primary, replicas, { maxLag: config.databaseReadMaxLag ?? 5, checkEveryMs: 1000 });
  await db.checkReplicas();
  return db;
};

/** True for PostgreSQL's unique-violation error (a race lost against a unique index), on either engine. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';
