import { sql, type Queryable } from '../../plugins/db/index.ts';

type ProcessorSettlement = { id: string; last: Date | null; last_run: Date | null };

/** A processor settlement (not a plain processor), locked until the transaction ends. */
export const lockProcessorSettlement = async (db: Queryable, id: string): Promise<ProcessorSettlement | undefined> =>
  (
    await db.query<ProcessorSettlement>(
      sql`select id, last, last_run from processor where id = ${id} and type = 'processorsettlement' for update`,
    )
  )[0];

export const setLast = (db: Queryable, id: string, last: Date) =>
  db.query(sql`update processor set last = ${last}, updated_at = now() where id = ${id}`);

export const insertSettlementUpdate = (
  db: Queryable,
  u: {
    id: string;
    processorSettlementId: string;
    last: Date;
    oldLast: Date | null;
    updateLastRun: boolean;
    createdBy: string;
  },
) =>
  db.query(sql`insert into settlement_update (id, processor_settlement_id, last, old_last, update_last_run, created_by)
    values (${u.id}, ${u.processorSettlementId}, ${u.last}, ${u.oldLast}, ${u.updateLastRun}, ${u.createdBy})`);
