import { ZMiddlewareRow, ZOrganisationRow, ZPaymentProfileRow, ZProcessorRow, ZSettlementRow } from '@kassa/domain';
import { defineEntity, type EntityDef } from '../../query/entity.ts';
import { bankAccountEntity } from '../finance-settings/bank-account.entity.ts';

export const organisationEntity: EntityDef<typeof ZOrganisationRow> = defineEntity(ZOrganisationRow, {
  name: 'organisation',
  table: 'organisation',
  tenancy: 'organisation',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    type: { type: 'text', filter: true, values: ['provider', 'merchant', 'sub'] },
    parent: { type: 'id', column: 'e.parent_id', filter: true },
    active: { type: 'bool', filter: true, sort: true },
    email: { type: 'text', filter: true },
    phone: { type: 'text' },
    street: { type: 'text' },
    street_number: { type: 'text' },
    extended_address: { type: 'text' },
    country_code: { type: 'text', filter: true },
    region: { type: 'text' },
    postal_code: { type: 'text' },
    locality: { type: 'text', filter: true },
    tax_number: { type: 'text' },
    mfa_required: { type: 'text' },
    features: { type: 'text[]', filter: true },
    // Below an organisation the caller sees lies only its own subtree, so every child is visible too.
    children: {
      type: 'text[]',
      column: 'array(select c.id from organisation c where c.parent_id = e.id order by c.name, c.id)',
    },
  },
  populate: { parent: { field: 'parent', target: () => organisationEntity } },
});

export const processorEntity = defineEntity(ZProcessorRow, {
  name: 'processor',
  table: 'processor',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    description: { type: 'text' },
    type: { type: 'text', filter: true, values: ['processor', 'processorsettlement'] },
    gateway: { type: 'text', filter: true },
    provider: { type: 'text', filter: true, sort: true },
    payment_product: { type: 'text', filter: true, sort: true },
    processor_settlement_type: { type: 'text', filter: true },
    last: { type: 'timestamp', filter: true, sort: true },
    last_run: { type: 'timestamp', filter: true, sort: true },
    active: { type: 'bool', filter: true },
    user: { type: 'text', column: 'e.processor_user' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
});

export const middlewareEntity = defineEntity(ZMiddlewareRow, {
  name: 'middleware',
  table: 'middleware',
  tenancy: 'shared',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    provider: { type: 'text', filter: true, sort: true },
    active: { type: 'bool', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
});

export const paymentProfileEntity = defineEntity(ZPaymentProfileRow, {
  name: 'payment_profile',
  table: 'payment_profile',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    display_name: { type: 'text', sort: true },
    website: { type: 'text' },
    description: { type: 'text' },
    currency_code: { type: 'text', filter: true, sort: true },
    processors: { type: 'text[]', filter: true },
    middleware: { type: 'text[]', filter: true },
    routing: { type: 'json' },
    intelligent_routing: { type: 'bool', filter: true },
    bank_account: { type: 'text' },
    webhook_chargeback_update: { type: 'text' },
    webhook_refund_update: { type: 'text' },
    webhook_transaction_update: { type: 'text' },
    test_webhook_chargeback_update: { type: 'text' },
    test_webhook_refund_update: { type: 'text' },
    test_webhook_transaction_update: { type: 'text' },
    webhook_failed_email: { type: 'text' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});

export const settlementEntity = defineEntity(ZSettlementRow, {
  name: 'settlement',
  table: 'settlement',
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    amount: { type: 'int', filter: true, sort: true },
    fee: { type: 'int' },
    currency_code: { type: 'text', filter: true },
    transaction_count: { type: 'int' },
    period_start: { type: 'timestamp', filter: true, sort: true },
    period_end: { type: 'timestamp', filter: true, sort: true },
    status: { type: 'text', filter: true },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    processor: { type: 'id', column: 'e.processor_id', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    // Settlement runs (issue 16): the parts of the payout, the profile and account it was made for.
    gross: { type: 'int', sort: true },
    refunded: { type: 'int' },
    chargebacks: { type: 'int' },
    reserve: { type: 'int' },
    reserve_released: { type: 'int' },
    one_offs: { type: 'int' },
    settlement_profile: { type: 'id', column: 'e.settlement_profile_id', filter: true },
    bank_account: { type: 'id', column: 'e.bank_account_id', filter: true },
  },
  populate: {
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    processor: { field: 'processor', target: () => processorEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
    bank_account: { field: 'bank_account', target: () => bankAccountEntity },
  },
});
