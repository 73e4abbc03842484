import { useQuery } from '@tanstack/react-query';
import { isLastRunConsistent } from '@kassa/domain';
import { countOptions, detailOptions, listOptions, populated } from '@/lib/entity-api.ts';
import { SETTLEMENT_POLL_MS, SETTLEMENT_UPDATE_POPULATE, type SettlementUpdateRow } from './settlement-updates.ts';

/** `GET /v1/settlementupdate` with the processor settlement. */
export const settlementUpdatesQueryOptions = listOptions<SettlementUpdateRow>(
  'settlementupdate',
  SETTLEMENT_UPDATE_POPULATE,
);
/** `GET /v1/settlementupdate/count`. */
export const settlementUpdatesCountQueryOptions = countOptions('settlementupdate');
/** `GET /v1/settlementupdate/:id?_populate=processor_settlement`. */
export const settlementUpdateQueryOptions = detailOptions<SettlementUpdateRow>(
  'settlementupdate',
  SETTLEMENT_UPDATE_POPULATE,
);

/** Whether the update still waits for its run: it asked for one and the settlement's last run is older (portal.md §4). */
export const isWaitingForRun = (row: SettlementUpdateRow | undefined) =>
  !!row && row.update_last_run && !isLastRunConsistent(row.created_at, populated(row.processor_settlement)?.last_run);

/** One settlement update, asked for again every 15 s while it waits for its run. */
export const useSettlementUpdate = (id: string) =>
  useQuery({
    ...settlementUpdateQueryOptions(id, 'psp'),
    refetchInterval: (query) => (isWaitingForRun(query.state.data) ? SETTLEMENT_POLL_MS : false),
  });
