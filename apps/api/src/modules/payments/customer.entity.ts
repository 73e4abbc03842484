import { RFM_SEGMENTS, statusVocabularies, ZCustomerRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { EVERY_MERCHANT } from '../../query/where.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

const CUSTOMER_FULL_NAME = "(coalesce(e.first_name, '') || ' ' || coalesce(e.last_name, ''))";

export const customerEntity = defineEntity(ZCustomerRow, {
  name: 'customer',
  table: 'customer',
  moded: true,
  tenancy: 'merchant',
  // One generic plan per connection for the list's first page (query/prepared.ts, migration 0099).
  genericPlans: true,
  providerCondition: EVERY_MERCHANT,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    email_address: { type: 'text', filter: true, sort: true, search: 'prefix' },
    first_name: { type: 'text', sort: true },
    // The full name as people type it; its expression is the one the full-name prefix index holds.
    name: { type: 'text', column: CUSTOMER_FULL_NAME, search: 'prefix' },
    last_name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    initials: { type: 'text' },
    title: { type: 'text' },
    gender: { type: 'text', filter: true },
    postal_code: { type: 'text', filter: true },
    street_address: { type: 'text' },
    house_number: { type: 'text' },
    house_number_suffix: { type: 'text' },
    city: { type: 'text', filter: true, sort: true },
    region: { type: 'text', filter: true },
    country_code: { type: 'text', filter: true, sort: true },
    date_of_birth: { type: 'date' },
    fax_number: { type: 'text' },
    phone_number: { type: 'text' },
    // The RFM segments (customers/rfm): any other value is a 400 like every unknown filter value.
    segment: { type: 'text', filter: true, sort: true, values: RFM_SEGMENTS },
    social_security_number: { type: 'text' },
    status: { type: 'text', filter: true, sort: true, values: statusVocabularies.customer.values },
    status_reason: { type: 'text' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
  // Counts by time alone (the screen's first count: created in the last month) sum the whole days
  // of this rollup (migration 0158) and read only the edge days' rows; any other filter reads rows.
  rollup: { table: 'customer_daily', timeField: 'created_at', dimensions: {} },
});
