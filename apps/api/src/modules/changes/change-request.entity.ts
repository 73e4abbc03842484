import { CHANGE_KIND_NAMES, CHANGE_STATUSES, ZChangeRequestRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';

/** A pending request past its expiry reads as expired (no job needs to have run). */
export const STATUS_SQL = "case when e.status = 'pending' and e.expires_at <= now() then 'expired' else e.status end";

/** Change requests (issue 35), newest first; `status` and `overdue` are worked out at read time. */
export const changeRequestEntity = defineEntity(ZChangeRequestRow, {
  name: 'changerequest',
  table: 'change_request',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', filter: true, sort: true },
    organisation: { type: 'id', column: 'e.organisation_id', filter: true },
    kind: { type: 'text', filter: true, values: CHANGE_KIND_NAMES },
    action: { type: 'text', filter: true, values: ['create', 'update', 'delete'] },
    entity_id: { type: 'id', filter: true },
    entity_name: { type: 'text', sort: true, search: 'prefix' },
    body: { type: 'json' },
    before: { type: 'json' },
    diff: { type: 'json' },
    base_version: { type: 'text' },
    note: { type: 'text' },
    status: { type: 'text', column: STATUS_SQL, filter: true, values: CHANGE_STATUSES },
    emergency: { type: 'bool', filter: true },
    emergency_reason: { type: 'text' },
    due_at: { type: 'timestamp', sort: true },
    overdue: { type: 'bool', column: "(e.status = 'emergency' and e.due_at < now())", filter: true },
    expires_at: { type: 'timestamp', sort: true },
    requested_by: { type: 'id', filter: true },
    requested_by_name: { type: 'text' },
    requested_with: { type: 'text' },
    decided_by: { type: 'id', filter: true },
    decided_by_name: { type: 'text' },
    decided_at: { type: 'timestamp', sort: true },
    decision_comment: { type: 'text' },
    backtest: { type: 'json' },
  },
});
