import { statusVocabularies, ZScheduledTransactionRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { organisationEntity, paymentProfileEntity } from '../settings/settings.entities.ts';
import { customerEntity } from './customer.entity.ts';
import { transactionEntity } from './transaction.entity.ts';

/** Charges planned for a due date (recurring billing writes them; chargePayment closes them). */
export const scheduledTransactionEntity = defineEntity(ZScheduledTransactionRow, {
  name: 'scheduled transaction',
  table: 'scheduled_transaction',
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', filter: true, sort: true },
    due_at: { type: 'timestamp', filter: true, sort: true },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true },
    status: { type: 'text', filter: true, sort: true, values: statusVocabularies.scheduledTransaction.values },
    attempts: { type: 'int', filter: true, sort: true },
    failure_reason: { type: 'text' },
    customer: { type: 'id', column: 'e.customer_id', filter: true, search: 'exact' },
    subscription: { type: 'id', column: 'e.subscription_id', filter: true, search: 'exact' },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true, search: 'exact' },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: {
    customer: { field: 'customer', target: () => customerEntity },
    transaction: { field: 'transaction', target: () => transactionEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
  },
});
