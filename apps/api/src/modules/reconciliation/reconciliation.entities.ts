import {
  RECONCILIATION_EXCEPTION_KINDS,
  RECONCILIATION_EXCEPTION_STATES,
  ZMerchantReconciliationExceptionRow,
  ZReconciliationExceptionRow,
  ZSettlementFileRow,
} from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';

/** Imported acquirer settlement reports (provider staff): the run's outcome and the money expected against paid in. */
export const settlementFileEntity = defineEntity(ZSettlementFileRow, {
  name: 'settlementfile',
  table: 'settlement_file',
  tenancy: 'shared',
  moded: true,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    processor_settlement: { type: 'id', column: 'e.processor_settlement_id', filter: true },
    settlement_update: { type: 'id', column: 'e.settlement_update_id', filter: true },
    source: { type: 'text', filter: true, values: ['sandbox', 'upload'] },
    format: { type: 'text', filter: true },
    file_name: { type: 'text', filter: true, search: 'prefix' },
    settlement_date: { type: 'text', column: "to_char(e.settlement_date, 'YYYY-MM-DD')", sort: true },
    batch_number: { type: 'text', filter: true, search: 'exact' },
    currency_code: { type: 'text' },
    line_count: { type: 'int', sort: true },
    matched_count: { type: 'int', sort: true },
    exception_count: { type: 'int', sort: true },
    expected_net: { type: 'int' },
    paid_in: { type: 'int' },
    difference: { type: 'int', column: 'e.paid_in - e.expected_net' },
    settled_at: { type: 'timestamp' },
    created_by: { type: 'text' },
  },
});

/** An exception as both provider staff and the merchant read it. */
const EXCEPTION = {
  name: 'reconciliationexception',
  table: 'reconciliation_exception',
  tenancy: 'merchant',
  moded: true,
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', filter: true, sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    merchant: { type: 'id', column: 'e.merchant_id', filter: true },
    merchant_name: { type: 'text', column: '(select o.name from organisation o where o.id = e.merchant_id)' },
    processor_settlement: { type: 'id', column: 'e.processor_settlement_id', filter: true },
    processor_settlement_name: {
      type: 'text',
      column: '(select p.name from processor p where p.id = e.processor_settlement_id)',
    },
    settlement_file: { type: 'id', column: 'e.file_id', filter: true },
    line_no: { type: 'int', sort: true },
    kind: { type: 'text', filter: true, sort: true, values: RECONCILIATION_EXCEPTION_KINDS },
    item_type: { type: 'text', filter: true, values: ['transaction', 'refund', 'chargeback'] },
    item_id: { type: 'id', filter: true, search: 'exact' },
    // The payout the item is in (one settlement item per kind and source): a merchant's payout tab lists its exceptions.
    settlement: {
      type: 'id',
      column: `(select i.settlement_id from settlement_item i where i.source_id = e.item_id
        and i.kind = case e.item_type when 'transaction' then 'payment' else e.item_type end)`,
      filter: true,
    },
    acquirer_reference: { type: 'text', filter: true, search: 'exact' },
    merchant_reference: { type: 'text', filter: true, search: 'prefix' },
    currency_code: { type: 'text', filter: true },
    expected_amount: { type: 'int' },
    actual_amount: { type: 'int' },
    amount_difference: { type: 'int', sort: true },
    age_days: { type: 'int', column: '(current_date - e.created_at::date)', sort: true },
    state: { type: 'text', filter: true, sort: true, values: RECONCILIATION_EXCEPTION_STATES },
    reason: { type: 'text' },
    decided_at: { type: 'timestamp', sort: true },
  },
} as const;

/**
 * The exception queue (issue 34). Merchant tenancy: provider staff see every exception, a merchant
 * those about its own payments; a line for a payment no one knows belongs to the provider alone.
 */
export const reconciliationExceptionEntity = defineEntity(ZReconciliationExceptionRow, {
  ...EXCEPTION,
  fields: {
    ...EXCEPTION.fields,
    // Provider finance's people: who works on it, who asked for and who approved its write-off.
    owner: { type: 'id', column: 'e.owner_id', filter: true },
    owner_name: { type: 'text', column: '(select u.name from app_user u where u.id = e.owner_id)' },
    write_off_requested_by: { type: 'id' },
    decided_by: { type: 'id' },
  },
});

/** The same exceptions as a merchant reads them (`GET /v1/reconciliationexception`): without provider finance's people. */
export const merchantReconciliationExceptionEntity = defineEntity(ZMerchantReconciliationExceptionRow, EXCEPTION);
