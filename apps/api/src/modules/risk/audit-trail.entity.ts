import { ZAuditTrailRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { transactionEntity } from '../payments/transaction.entity.ts';
import { organisationEntity, paymentProfileEntity } from '../settings/settings.entities.ts';
import { platformUserEntity } from '../users/user.entity.ts';

/**
 * Audit trail items (risk-config.md §2.7, §3) at `psp/audittrail`: the rows of the append-only
 * audit_log, scoped to the actor's organisation subtree like users.
 */
export const auditTrailEntity = defineEntity(ZAuditTrailRow, {
  name: 'audittrail',
  table: 'audit_log',
  tenancy: 'member',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    route: { type: 'text', filter: true, sort: true, search: 'prefix' },
    type: { type: 'text', filter: true, sort: true, search: 'prefix' },
    origin: { type: 'text', filter: true },
    authentication: { type: 'text', filter: true, values: ['api', 'jwt', 'none', 'system'] },
    user_name: { type: 'text', filter: true, search: 'prefix' },
    response_code: { type: 'int', filter: true, sort: true },
    method: { type: 'text', filter: true },
    url: { type: 'text' },
    // The spec's "destination" filter: the path a request went to.
    destination: { type: 'text', column: "split_part(e.url, '?', 1)", filter: true },
    entity: { type: 'text', filter: true },
    entity_id: { type: 'id', filter: true },
    parent: { type: 'id', column: 'e.parent_id', filter: true },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    user: { type: 'id', column: 'e.user_id', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    request: { type: 'json' },
    response: { type: 'json' },
    detail: { type: 'json' },
  },
  populate: {
    transaction: { field: 'transaction', target: () => transactionEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    // Provider staff and merchant users alike: a populated row carries only its tenancy, not the list's base condition.
    user: { field: 'user', target: () => platformUserEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
  },
});
