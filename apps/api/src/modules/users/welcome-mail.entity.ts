import { ZWelcomeMailRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';

/** Welcome-mail templates: provider-owned, read and written by provider staff with the welcome-mail roles. */
export const welcomeMailEntity = defineEntity(ZWelcomeMailRow, {
  name: 'welcome_mail',
  table: 'welcome_mail',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    content: { type: 'text' },
    default: { type: 'bool', column: 'e.is_default', filter: true, sort: true },
    psp_default: { type: 'bool', filter: true, sort: true },
  },
});
