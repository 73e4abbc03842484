import { ZTagRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';

export const tagEntity = defineEntity(ZTagRow, {
  name: 'tag',
  table: 'tag',
  tenancy: 'merchant',
  // A merchant-level tag ruleset tags a sub-organisation's payments: its users read those tags.
  readsAncestors: true,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    text: { type: 'text', filter: true, sort: true, search: 'prefix' },
    colour: { type: 'text' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
});
