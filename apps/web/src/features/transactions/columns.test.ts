import { fieldsFor, listScreens, type ListScreenDef, type TTransactionRow } from '@kassa/domain';
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
  const t = ((key: string) => key) as unknown as TFunction;
  const screen: ListScreenDef = listScreens.transactions;
  /** What a column's cell reads of a row. */
  const readsOf = (column: ReturnType<typeof transactionColumns>[number]) => {
    const read = new Set<string>();
    column.render(recordingRow(sample, read));
    return read;
  };
  /** What a request asks for: its fields, every populated relation and its id, and the row's id. */
  const askedBy = (fields: string | undefined) => {
    const asked = new Set(['id', ...(fields ?? '').split(','), ...(screen.populate ?? '').split(' ')]);
    for (const relation of (screen.populate ?? '').split(' ')) asked.add(`${relation}.id`);
    return asked;
  };

  it('asks by default for what the columns shown by default read, and nothing of the hidden ones', () => {
    const columns = transactionColumns(t);
    const asked = askedBy(fieldsFor(screen));
    const shown = columns.filter((column) => !column.defaultHidden);
    expect(shown.flatMap((column) => [...readsOf(column)].filter((name) => !asked.has(name)))).toEqual([]);
    for (const column of columns.filter((c) => c.defaultHidden && c.key !== 'id'))
      expect(asked.has(screen.hiddenColumnFields![column.key]), column.key).toBe(false);
    // The check sees the cells' reads: the customer's name and the processor's.
    expect(shown.flatMap((column) => [...readsOf(column)])).toEqual(
      expect.arrayContaining(['customer.last_name', 'processor.name']),
    );
  });

  it('asks for a hidden column’s fields once the user shows it, and reads no field it leaves out', () => {
    const columns = transactionColumns(t);
    const hidden = columns.filter((column) => column.defaultHidden && column.key !== 'id');
    expect(Object.keys(screen.hiddenColumnFields!).sort()).toEqual(hidden.map((column) => column.key).sort());
    for (const column of hidden) {
      const asked = askedBy(fieldsFor(screen, [column.key]));
      expect(
        [...readsOf(column)].filter((name) => !asked.has(name)),
        column.key,
      ).toEqual([]);
    }
  });
});
