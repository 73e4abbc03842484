import { Readable } from 'node:stream';
import type { TSettlementFileUpload } from '@kassa/domain';
import { notFoundAt } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db } from '../../plugins/db/index.ts';
import { getEntity } from '../../query/repository.ts';
import { importSettlementFile } from './import.service.ts';
import { settlementFileEntity } from './reconciliation.entities.ts';
import { findProcessorSettlement } from './reconciliation.repository.ts';

/**
 * A settlement report a finance user uploads by hand: imported like the importer's own (refused
 * whole with its bad lines numbered, or imported whole); the same file again answers the first
 * import (`duplicate`) and changes nothing.
 */
export const uploadSettlementFile = async (db: Db, actor: Actor, body: TSettlementFileUpload) => {
  const settlement = await findProcessorSettlement(db, body.processor_settlement);
  if (!settlement) throw notFoundAt('body.processor_settlement', 'Processor settlement');
  const outcome = await importSettlementFile(
    db,
    {
      settlement,
      source: 'upload',
      mode: (actor as Actor & { mode?: 'live' | 'test' }).mode ?? 'live',
      settlementUpdateId: null,
      createdBy: actor.userId,
      audit: actor.audit,
    },
    { fileName: body.file_name, open: () => Readable.from([body.content]) },
  );
  const file = await getEntity(db, settlementFileEntity, actor.scope, outcome.fileId);
  return { duplicate: outcome.duplicate, file };
};
