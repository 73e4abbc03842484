import type { TSettlementUpdateCreate } from '@kassa/domain';
import { enqueue } from '../../jobs/queue.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { defineWrite, writeOwnRow } from '../../query/write.ts';
import { settlementUpdateEntity } from './settlement-update.entity.ts';
import * as repo from './settlement-update.repository.ts';
import { notFoundAt } from '../../lib/http-error.ts';

/** The worker queue that runs a processor settlement's import after an update asked for it. */
export const SETTLEMENT_RUN_QUEUE = 'processor-settlement.import';
const settlementUpdateWrite = defineWrite({
  entity: settlementUpdateEntity,
  path: 'settlementupdate',
  idPrefix: 'seu',
  label: 'Settlement update',
  audit: { entity: 'settlementupdate', type: 'settlement_update' },
  populate: 'processor_settlement',
});

/**
 * Moves a processor settlement's `last` (portal.md §2.4), keeping the value it replaces as
 * `old_last`; with `update_last_run` the settlement's import is queued in the same transaction,
 * and its `last_run` moves when the worker has run it (the screen polls for that). Audited.
 */
export const createSettlementUpdate = (db: Db, actor: Actor, body: TSettlementUpdateCreate) => {
  const id = newId(settlementUpdateWrite.idPrefix);
  return writeOwnRow(db, actor, settlementUpdateWrite, id, 'created', async (tx) => {
    const settlement = await repo.lockProcessorSettlement(tx, body.processor_settlement);
    if (!settlement) throw notFoundAt('body.processor_settlement', 'Processor settlement');
    const last = new Date(body.last);
    await repo.setLast(tx, settlement.id, last);
    await repo.insertSettlementUpdate(tx, {
      id,
      processorSettlementId: settlement.id,
      last,
      oldLast: settlement.last,
      updateLastRun: body.update_last_run,
      createdBy: actor.userId,
    });
    if (body.update_last_run)
      await enqueue(
        tx,
        SETTLEMENT_RUN_QUEUE,
        { processor_settlement_id: settlement.id, settlement_update_id: id },
        { uniqueKey: `settlement-run:${id}` },
      );
    return {
      detail: {
        processor_settlement: settlement.id,
        last: last.toISOString(),
        old_last: settlement.last?.toISOString() ?? null,
        update_last_run: body.update_last_run,
      },
    };
  });
};
