import { listScreens } from '@kassa/domain';
import { useQuery } from '@tanstack/react-query';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';
import type { AuditRow } from './types.ts';

const POPULATE = listScreens.auditTrail.populate;

/** `GET /v1/psp/audittrail` (§7), its count, one item, and the items of one transaction. */
export const auditTrailQueryOptions = listOptions<AuditRow>('psp/audittrail', POPULATE, listScreens.auditTrail.fields);
export const auditTrailCountQueryOptions = countOptions('psp/audittrail');
export const useAuditItem = (id: string, scope: string) =>
  useQuery(detailOptions<AuditRow>('psp/audittrail', POPULATE)(id, scope));
export const useTransactionAuditItems = (transaction: string | null, scope: string) =>
  useQuery({
    ...auditTrailQueryOptions({ transaction: transaction ?? '', _limit: 100 }, scope),
    enabled: Boolean(transaction),
  });
