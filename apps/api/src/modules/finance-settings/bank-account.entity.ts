import { ZBankAccountRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';

/** A merchant's payout accounts (Settings → Bank accounts), read through the query layer. */
export const bankAccountEntity = defineEntity(ZBankAccountRow, {
  name: 'bank_account',
  table: 'bank_account',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    holder_name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    iban: { type: 'text', filter: true },
    bic: { type: 'text' },
    currency_code: { type: 'text', filter: true, sort: true },
    description: { type: 'text' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
});
