import { statusVocabularies, ZRefundRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { EVERY_MERCHANT } from '../../query/where.ts';
import { organisationEntity, paymentProfileEntity, settlementEntity } from '../settings/settings.entities.ts';
import { transactionEntity } from './transaction.entity.ts';

export const refundEntity = defineEntity(ZRefundRow, {
  name: 'refund',
  table: 'refund',
  moded: true,
  tenancy: 'merchant',
  // One generic plan per connection for the lists' first pages (query/prepared.ts, migration 0098).
  genericPlans: true,
  providerCondition: EVERY_MERCHANT,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    last_status_update: { type: 'timestamp', filter: true, sort: true },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true },
    reason: { type: 'text', search: 'prefix' },
    status: { type: 'text', filter: true, sort: true, values: statusVocabularies.refund.values },
    processor_id_external: { type: 'text', filter: true, search: 'exact' },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true, search: 'exact' },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    // Refunds are not settled separately yet; the relation is kept for the spec's populate list.
    card: { type: 'id', column: 'null::text' },
    settlement: { type: 'id', column: 'null::text' },
  },
  populate: {
    transaction: { field: 'transaction', target: () => transactionEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
    card: { field: 'card', target: () => transactionEntity },
    settlement: { field: 'settlement', target: () => settlementEntity },
  },
});
