import { ZMailRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';

/** The stored mailbox: every mail Kassa produced, whatever its transport. Not tenant data. */
export const mailEntity = defineEntity(ZMailRow, {
  name: 'mail',
  table: 'mail',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, search: 'exact' },
    to: { type: 'text', column: 'e.to_address', filter: true, sort: true, search: 'prefix' },
    subject: { type: 'text', sort: true, search: 'prefix' },
    html: { type: 'text' },
    text: { type: 'text' },
    template: { type: 'text', filter: true },
    status: { type: 'text', filter: true, values: ['queued', 'stored', 'sent', 'failed'] },
    transport: { type: 'text', filter: true, values: ['mailbox', 'smtp'] },
    created_at: { type: 'timestamp', filter: true, sort: true },
  },
});
