import { useQuery } from '@tanstack/react-query';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';
import { STATUS_UPDATE_POPULATE, type StatusUpdateRow } from './status-updates.ts';

/** `GET /v1/statusupdate` with the transaction or refund and the merchant. */
export const statusUpdatesQueryOptions = listOptions<StatusUpdateRow>('statusupdate', STATUS_UPDATE_POPULATE);
/** `GET /v1/statusupdate/count`. */
export const statusUpdatesCountQueryOptions = countOptions('statusupdate');
/** `GET /v1/statusupdate/:id`. */
export const statusUpdateQueryOptions = detailOptions<StatusUpdateRow>('statusupdate', STATUS_UPDATE_POPULATE);

export const useStatusUpdate = (id: string) => useQuery(statusUpdateQueryOptions(id, 'psp'));
