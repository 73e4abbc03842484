import { parse } from 'csv-parse/sync';
import type { TImportCreate } from '@kassa/domain';
import { registerJobHandler, PermanentJobError } from '../../jobs/handlers.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { createEntity, defineWrite } from '../../query/write.ts';
import { importEntity } from './import.entity.ts';
import { findImportJob, markImportDone, markImportFailed, markImportRunning } from './import.repository.ts';
import { importCustomers, importTransactions } from './import.rows.ts';

export const IMPORT_QUEUE = 'import.run';

const importWrite = defineWrite({
  entity: importEntity,
  path: 'import',
  idPrefix: 'imp',
  label: 'Import',
  audit: { entity: 'import', type: 'import' },
});

/** Stores the file and queues its job in one transaction: the job exists exactly when the import does. */
export const createImport = (db: Db, actor: Actor & { name: string }, body: TImportCreate) =>
  createEntity(db, actor, importWrite, body, async ({ tx, id }) => {
    await enqueue(tx, IMPORT_QUEUE, { importId: id }, { uniqueKey: id, maxAttempts: 3 });
    return {
      values: { kind: body.kind, file_name: body.file_name, content: body.content, created_by_name: actor.name },
      detail: { kind: body.kind, file_name: body.file_name },
    };
  });

/**
 * Runs an import: every valid row is written and the report stored in one transaction, so a crash
 * leaves nothing half-written and the retried job starts over; a finished import is not run again.
 */
export const runImport = async (db: Db, importId: string): Promise<void> => {
  const job = await findImportJob(db, importId);
  if (!job) throw new PermanentJobError(`import ${importId} does not exist`);
  if (job.status === 'done' || job.status === 'failed' || job.content === null) return;
  await markImportRunning(db, importId);
  let rows: Record<string, string>[];
  try {
    rows = parse(job.content, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    });
  } catch (error) {
    await markImportFailed(db, importId, `The file is not valid CSV: ${(error as Error).message}`);
    return;
  }
  await db.transaction(async (tx) => {
    const target = { organisationId: job.organisation_id, merchantId: job.merchant_id, mode: job.mode };
    const outcome =
      job.kind === 'customers' ? await importCustomers(tx, target, rows) : await importTransactions(tx, target, rows);
    await markImportDone(tx, importId, rows.length, outcome.imported, outcome.rejected);
  });
};

export const registerImportJobs = (): void => {
  registerJobHandler(IMPORT_QUEUE, async (payload, ctx) => {
    if (typeof payload.importId !== 'string') throw new PermanentJobError('import job without importId');
    await runImport(ctx.db, payload.importId);
  });
};
