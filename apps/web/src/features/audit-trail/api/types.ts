import type { TAuditMessage, TAuditTrailRow } from '@kassa/domain';

export { populated } from '@/lib/entity-api.ts';

export type AuditMessage = TAuditMessage;
/** An audit trail item as `GET /v1/psp/audittrail` answers it (risk-config.md §3). */
export type AuditRow = TAuditTrailRow;

/** A related row's name, its id when the row lies outside the reader's tenancy (unpopulated), or null. */
export const nameOf = (value: string | { id: string; name?: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.name ?? value?.id ?? null);
