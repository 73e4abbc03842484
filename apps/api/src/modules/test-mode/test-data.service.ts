import { registerJobHandler } from '../../jobs/handlers.ts';
import { enqueue } from '../../jobs/queue.ts';
import { notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { findOrganisationInSubtree } from '../../query/write.repository.ts';
import { deleteTestBatch, findDeletionJob, TEST_DATA_TABLES } from './test-data.repository.ts';

export const DELETE_TEST_DATA_QUEUE = 'test-data.delete';
/** Rows per database transaction: short locks, and a crash loses at most one batch's work (the job repeats it). */
const BATCH = 500;
const keyOf = (organisationId: string) => `test-data:${organisationId}`;

type Payload = { organisation_id: string; path: string; audit: Omit<Parameters<typeof recordAudit>[1], 'type'> };

/**
 * "Delete all test data" of an organisation (and the organisations below it): checked in the
 * caller's subtree (404 as for an unknown id), audited, and done by a job (a big integration's test
 * rows take a while). A deletion already queued or running for the organisation is answered again.
 */
export const requestTestDataDeletion = async (db: Db, actor: Actor, organisationId: string) => {
  const org = await findOrganisationInSubtree(db, organisationId, actor.organisation.path);
  if (!org) throw notFoundAt('params.id', 'Organisation');
  await db.transaction(async (tx) => {
    const payload: Payload = { organisation_id: org.id, path: org.path, audit: actor.audit };
    await enqueue(tx, DELETE_TEST_DATA_QUEUE, payload, { uniqueKey: keyOf(org.id), maxAttempts: 5 });
    await recordAudit(tx, {
      ...actor.audit,
      type: 'test_data_delete_requested',
      responseCode: 202,
      entity: 'organisation',
      entityId: org.id,
    });
  });
  const job = await findDeletionJob(db, keyOf(org.id));
  return { job: { id: String(job?.id ?? ''), status: job?.status ?? 'queued' }, organisation: org.id };
};

/** Runs a deletion: every payment-side table's test rows of the subtree, in batches; safe to repeat. */
export const deleteTestData = async (db: Db, payload: Payload) => {
  const deleted: Record<string, number> = {};
  for (const table of TEST_DATA_TABLES) {
    for (;;) {
      const count = await db.transaction((tx) => deleteTestBatch(tx, table, payload.path, BATCH));
      if (count === 0) break;
      deleted[table] = (deleted[table] ?? 0) + count;
    }
  }
  await recordAudit(db, {
    ...payload.audit,
    parentId: null,
    type: 'test_data_deleted',
    responseCode: 200,
    entity: 'organisation',
    entityId: payload.organisation_id,
    detail: { deleted },
  });
  return deleted;
};

export const registerTestDataJobs = (): void => {
  registerJobHandler(DELETE_TEST_DATA_QUEUE, async (payload, ctx) => {
    const deleted = await deleteTestData(ctx.db, payload as Payload);
    ctx.log.info('test data deleted', { organisation: (payload as Payload).organisation_id, deleted });
  });
};
