import { ZReviewCaseRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { transactionEntity } from '../payments/transaction.entity.ts';

/** The manual review queue (issue 36): held payments and how they were decided. Payment-side: carries the mode. */
export const reviewCaseEntity = defineEntity(ZReviewCaseRow, {
  name: 'review',
  table: 'review_case',
  tenancy: 'merchant',
  moded: true,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', filter: true, sort: true },
    status: { type: 'text', filter: true, sort: true, values: ['PENDING', 'APPROVED', 'DECLINED'] },
    transaction: { type: 'id', column: 'e.transaction_id', filter: true, search: 'exact' },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true },
    customer: { type: 'id', column: 'e.customer_id', filter: true },
    card_country: { type: 'text', filter: true },
    ip_country: { type: 'text', filter: true },
    rules: { type: 'json' },
    assigned_to: { type: 'id', filter: true },
    assigned_to_name: { type: 'text', column: '(select u.name from app_user u where u.id = e.assigned_to)' },
    decided_by: { type: 'id', filter: true },
    decided_by_name: { type: 'text', column: '(select u.name from app_user u where u.id = e.decided_by)' },
    decided_via: { type: 'text', filter: true, values: ['reviewer', 'policy'] },
    decline_reason: { type: 'text' },
    sla_due_at: { type: 'timestamp', filter: true, sort: true },
    expires_at: { type: 'timestamp', filter: true, sort: true },
    decided_at: { type: 'timestamp', filter: true, sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: {
    transaction: { field: 'transaction', target: () => transactionEntity },
  },
});
