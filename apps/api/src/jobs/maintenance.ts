import { sql, type Db } from '../plugins/db/index.ts';
import { registerJobHandler } from './handlers.ts';
import { pruneJobs } from './job.repository.ts';
import { schedulePeriodic } from './schedules.ts';

export const ANALYZE_QUEUE = 'db.analyze';

/**
 * The planner's statistics on the embedded engine, which has no autovacuum to gather them: each
 * table analysed in its own short statement, from a sample small enough to keep every statement
 * short (the connection is every request's). Without statistics a grown table is planned as an
 * empty one: the customer scoring joined its trigger's rows by nested loops for 100 s. PostgreSQL's
 * autovacuum does this itself there.
 */
export const analyzeEmbedded = async (db: Db): Promise<number> => {
  if (db.engine !== 'pglite') return 0;
  const tables = await db.query<{ name: string }>(
    sql`select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables order by relname`,
  );
  for (const { name } of tables)
    await db.transaction(async (tx) => {
      await tx.exec('set local default_statistics_target = 10');
      await tx.exec(`analyze ${name}`);
    });
  return tables.length;
};

/**
 * Hourly clean-up of finished jobs: failed ones after `RETENTION_JOB_DAYS` (default 30, kept longer
 * to investigate; 0 keeps them), done ones after 7 days or that setting if shorter. Job history is
 * operational, not a record: it is removed without an archive.
 */
export const registerJobMaintenance = (): void => {
  registerJobHandler('job.prune', async (_payload, { db, log, config }) => {
    const failedDays = config.retentionJobDays > 0 ? config.retentionJobDays : 36_500;
    const deleted = await pruneJobs(db, Math.min(7, failedDays), failedDays);
    if (deleted > 0) log.info('pruned finished jobs', { deleted });
  });
  schedulePeriodic('job.prune', 3600);
  registerJobHandler(ANALYZE_QUEUE, async (_payload, { db }) => {
    await analyzeEmbedded(db);
  });
  schedulePeriodic(ANALYZE_QUEUE, 3600);
};
