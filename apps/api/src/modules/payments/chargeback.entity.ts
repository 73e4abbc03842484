import { statusVocabularies, ZChargebackRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { EVERY_MERCHANT } from '../../query/where.ts';
import { paymentProfileEntity, processorEntity, settlementEntity } from '../settings/settings.entities.ts';
import { transactionEntity } from './transaction.entity.ts';

export const chargebackEntity = defineEntity(ZChargebackRow, {
  name: 'chargeback',
  table: 'chargeback',
  moded: true,
  tenancy: 'merchant',
  // One generic plan per connection for the lists' first pages (query/prepared.ts, migration 0098).
  genericPlans: true,
  providerCondition: EVERY_MERCHANT,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', filter: true, sort: true },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true },
    reason_code: { type: 'text', filter: true, sort: true },
    reason: { type: 'text' },
    status: { type: 'text', filter: true, sort: true, values: statusVocabularies.chargeback.values },
    processor_id_external: { type: 'text', filter: true, search: 'exact' },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true, search: 'exact' },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    processor: { type: 'id', column: 'e.processor_id', filter: true },
    settlement: { type: 'id', column: 'e.settlement_id', filter: true },
    card: { type: 'id', column: 'null::text' },
    organisation: { type: 'id', column: 'e.organisation_id' },
    due_at: { type: 'timestamp', filter: true, sort: true },
    responded_at: { type: 'timestamp', filter: true, sort: true },
    response_outcome: { type: 'text', filter: true, values: ['submitted', 'accepted', 'expired'] },
  },
  populate: {
    transaction: { field: 'transaction', target: () => transactionEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    processor: { field: 'processor', target: () => processorEntity },
    settlement: { field: 'settlement', target: () => settlementEntity },
    card: { field: 'card', target: () => transactionEntity },
  },
});
