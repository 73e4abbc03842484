import type { TImportCreate, TImportRejection } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type ImportRow = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  kind: 'customers' | 'transactions';
  content: string | null;
  status: string;
};

export const insertImportJob = (
  tx: Queryable,
  job: {
    id: string;
    organisationId: string;
    merchantId: string;
    kind: TImportCreate['kind'];
    fileName: string;
    content: string;
    createdByName: string;
  },
) =>
  tx.query(sql`insert into import_job (id, organisation_id, merchant_id, kind, file_name, content, created_by_name)
      values (${job.id}, ${job.organisationId}, ${job.merchantId}, ${job.kind}, ${job.fileName}, ${job.content}, ${job.createdByName})`);

export const findImportJob = async (db: Queryable, id: string): Promise<ImportRow | undefined> =>
  (
    await db.query<ImportRow>(
      sql`select id, organisation_id, merchant_id, kind, content, status from import_job where id = ${id}`,
    )
  )[0];

export const markImportRunning = (db: Queryable, id: string) =>
  db.query(sql`update import_job set status = 'running' where id = ${id}`);

/** The import ends as failed with this reason; the file content is dropped. */
export const markImportFailed = (db: Queryable, id: string, error: string) =>
  db.query(
    sql`update import_job set status = 'failed', error = ${error}, content = null, finished_at = now() where id = ${id}`,
  );

/** The import ends as done with its counts and the rejected rows; the file content is dropped. */
export const markImportDone = (
  tx: Queryable,
  id: string,
  totalRows: number,
  imported: number,
  rejected: TImportRejection[],
) =>
  tx.query(sql`update import_job set status = 'done', total_rows = ${totalRows}, imported_rows = ${imported}, rejected_rows = ${rejected.length},
      report = ${JSON.stringify(rejected)}::jsonb, content = null, finished_at = now() where id = ${id}`);
