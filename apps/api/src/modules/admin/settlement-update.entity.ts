import { ZSettlementUpdateRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { processorEntity } from '../settings/settings.entities.ts';

/** Settlement updates (portal.md §3): the processor settlement, the new and the replaced `last`, and whether a run was asked for. */
export const settlementUpdateEntity = defineEntity(ZSettlementUpdateRow, {
  name: 'settlementupdate',
  table: 'settlement_update',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    processor_settlement: { type: 'id', column: 'e.processor_settlement_id', filter: true, search: 'exact' },
    last: { type: 'timestamp', filter: true, sort: true },
    old_last: { type: 'timestamp', filter: true, sort: true },
    update_last_run: { type: 'bool', filter: true, sort: true },
    created_by: { type: 'text' },
    file_count: { type: 'int' },
    line_count: { type: 'int' },
    matched_count: { type: 'int' },
    exception_count: { type: 'int' },
  },
  populate: {
    processor_settlement: { field: 'processor_settlement', target: () => processorEntity },
  },
});
