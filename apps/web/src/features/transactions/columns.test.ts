import { listScreens, type TTransactionRow } from '@kassa/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { transactionColumns } from './columns.tsx';

/**
 * A row whose every read is written down, relations' fields as `relation.field`: what the
 * columns' cells read of a row.
 */
const recordingRow = <Row extends object>(row: Row, read: Set<string>, prefix = ''): Row =>
  new Proxy(row, {
    get: (target, key, receiver) => {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== 'string') return value;
      read.add(`${prefix}${key}`);
      return value && typeof value === 'object' && !Array.isArray(value) && !prefix
        ? recordingRow(value, read, `${key}.`)
        : value;
    },
  });

const sample: TTransactionRow = {
  id: 'tra_1',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  merchant_reference: 'ORDER-1',
  amount: 1250,
  currency_code: 'EUR',
  status: 'AUTHORIZED',
  status_reason: null,
  blocked: false,
  payment_product_type: 'card',
  card_brand: 'VISA',
  card_bin: '411111',
  card_last4: '1111',
  recurring_type: null,
  tags: ['tag_1'],
  three_ds: true,
  country_code: 'NL',
  description: 'Bike',
  processor_id_external: null,
  refunded_amount: 0,
  subscription: null,
  subscription_cycle: null,
  customer: { id: 'cus_1', first_name: 'Anna', last_name: 'de Vries', email_address: 'anna@example.nl' },
  payment_profile: 'pp_1',
  processor: { id: 'pro_1', name: 'Sandbox cards' },
  organisation: 'org_1',
  merchant: 'org_1',
  status_history: [],
  decision: null,
} as unknown as TTransactionRow;

describe('the transactions list asks for what its columns show', () => {
  it('reads no field of a row that the screen’s request leaves out (_fields), hidden columns included', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const read = new Set<string>();
    for (const column of transactionColumns(t)) column.render(recordingRow(sample, read));
    const { fields, populate } = listScreens.transactions;
    const asked = new Set(['id', ...fields.split(','), ...populate.split(' ')]);
    // A populated relation carries its id with the picked fields.
    for (const relation of populate.split(' ')) asked.add(`${relation}.id`);
    const missing = [...read].filter((name) => !asked.has(name));
    expect(missing).toEqual([]);
    // The check sees the cells' reads: the customer's name and the processor's.
    expect(read).toContain('customer.last_name');
    expect(read).toContain('processor.name');
  });
});
