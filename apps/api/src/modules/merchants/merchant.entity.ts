import { ZMerchantRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { sql } from '../../plugins/db/index.ts';

/** Revenue over the last 30 days from the daily rollup (settled and in-flight, not blocked). */
const revenue = (column: 'volume' | 'count') =>
  `(select coalesce(sum(d.${column}), 0)::bigint from transaction_daily d where d.merchant_id = e.id and d.day > current_date - 30 and not d.blocked
    and d.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED'))`;

/** Merchants as provider staff list them (portal.md §2.3): the merchant organisations with their revenue. */
export const merchantEntity = defineEntity(ZMerchantRow, {
  name: 'merchant',
  table: 'organisation',
  tenancy: 'organisation',
  baseCondition: sql`e.type = 'merchant'`,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    active: { type: 'bool', filter: true },
    email: { type: 'text', filter: true, search: 'prefix' },
    country_code: { type: 'text', filter: true },
    locality: { type: 'text', filter: true },
    amount: { type: 'int', column: revenue('volume'), sort: true, filter: true },
    count: { type: 'int', column: revenue('count'), sort: true },
    currency_code: {
      type: 'text',
      column: `(select p.currency_code from payment_profile p where p.merchant_id = e.id order by p.created_at limit 1)`,
    },
    sub_organisations: {
      type: 'int',
      column: `(select count(*)::int from organisation s where s.merchant_id = e.id and s.id <> e.id)`,
    },
  },
});
