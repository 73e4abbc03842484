import type { TAuditMessage, TAuditTrailRow } from '@kassa/domain';

export { populated } from '@/lib/entity-api.ts';

export type AuditMessage = TAuditMessage;
/** An audit trail item as `GET /v1/psp/audittrail` answers it (risk-config.md §3). */
export type AuditRow = TAuditTrailRow;
