import { ZApiKeyRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

/** API keys as lists show them: the prefix, never the key or its hash. */
export const apiKeyEntity = defineEntity(ZApiKeyRow, {
  name: 'apikey',
  table: 'api_key',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    prefix: { type: 'text', filter: true },
    mode: { type: 'text', filter: true },
    roles: { type: 'text[]', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    created_by: { type: 'text', column: 'e.created_by_name' },
    last_used_at: { type: 'timestamp', filter: true, sort: true },
    revoked_at: { type: 'timestamp', filter: true, sort: true },
    revoked_by: { type: 'text', column: 'e.revoked_by_name' },
    active: { type: 'bool', column: '(e.revoked_at is null and e.pending_change_request is null)', filter: true },
    change_request: { type: 'text', column: 'e.pending_change_request' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});
