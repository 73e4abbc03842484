import { ZStatusUpdateRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { refundEntity } from '../payments/refund.entity.ts';
import { transactionEntity } from '../payments/transaction.entity.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

/** Status updates (portal.md §3): the item, the new and the previous status, and reversal links. */
export const statusUpdateEntity = defineEntity(ZStatusUpdateRow, {
  name: 'statusupdate',
  table: 'status_update',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    type: { type: 'text', filter: true, sort: true, values: ['transaction', 'refund'] },
    status: { type: 'text', filter: true, sort: true },
    status_reason: { type: 'text' },
    previous_status: { type: 'text', filter: true },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true, search: 'exact' },
    refund: { type: 'id', column: 'e.refund_id', filter: true, search: 'exact' },
    organisation: { type: 'id', column: 'e.organisation_id', filter: true },
    // The top merchant organisation of the item (its organisation may be a sub-organisation): the
    // list's "merchant" link and merchant context (portal.md §2.4).
    merchant: { type: 'id', column: 'e.merchant_id', filter: true },
    reverses: { type: 'id', filter: true },
    reversed_by: { type: 'id', filter: true },
    created_by: { type: 'text' },
  },
  populate: {
    transaction: { field: 'transaction', target: () => transactionEntity },
    refund: { field: 'refund', target: () => refundEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
    merchant: { field: 'merchant', target: () => organisationEntity },
  },
});
