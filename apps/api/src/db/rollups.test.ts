import { STATISTICS_TIME_ZONE } from '@kassa/domain';
import { describe, expect, it } from 'vitest';
import { rollupFor } from './rollups.ts';

const LOCAL = STATISTICS_TIME_ZONE;
/** What the dashboards filter by: range, currency, blocked and organisation. */
const DASHBOARD = ['organisation_id', 'currency_code', 'blocked'];
const EVERY = [...DASHBOARD, 'status', 'payment_product_type', 'processor_id'];

describe('the rollup a statistic reads (rollupFor)', () => {
  it('is the smallest one with the dimensions asked for, in the unit and zone asked for', () => {
    expect(rollupFor('day', LOCAL, DASHBOARD)?.table).toBe('transaction_local_daily_totals');
    expect(rollupFor('day', LOCAL, [...DASHBOARD, 'status'])?.table).toBe('transaction_local_daily_status');
    expect(rollupFor('day', LOCAL, [...DASHBOARD, 'status', 'processor_id'])?.table).toBe('transaction_local_daily');
    expect(rollupFor('hour', 'UTC', DASHBOARD)?.table).toBe('transaction_hourly_totals');
    expect(rollupFor('hour', 'UTC', [...DASHBOARD, 'status'])?.table).toBe('transaction_hourly_status');
    expect(rollupFor('hour', 'UTC', EVERY)?.table).toBe('transaction_hourly');
    expect(rollupFor('month', LOCAL, [...DASHBOARD, 'isodow', 'local_hour'])?.table).toBe(
      'transaction_local_cells_monthly',
    );
    expect(['month', 'day', 'hour'].map((unit) => rollupFor(unit as 'day', 'UTC', EVERY)?.table)).toEqual([
      'transaction_monthly',
      'transaction_daily',
      'transaction_hourly',
    ]);
  });

  it('is none when no rollup has them, and never one that filters or fans out its payments', () => {
    expect(rollupFor('month', LOCAL, ['status', 'isodow', 'local_hour'])).toBeUndefined();
    expect(rollupFor('hour', LOCAL, DASHBOARD)).toBeUndefined();
    // merchant_revenue_daily (revenue statuses only) and the client rollups (a payment four times) have fewer dimensions.
    expect(rollupFor('day', 'UTC', ['currency_code'])?.table).toBe('transaction_daily');
    expect(rollupFor('month', 'UTC', ['kind'])).toBeUndefined();
  });
});

describe("the transactions list's counts", () => {
  it('read the rollups asked for by their columns: the daily one with every list filter, the totals by currency and blocked', async () => {
    const { transactionEntity } = await import('../modules/payments/transaction.entity.ts');
    expect(transactionEntity.rollup?.table).toBe('transaction_daily');
    expect(transactionEntity.rollup?.totals?.table).toBe('transaction_local_daily_totals');
    expect(transactionEntity.rollup?.totals?.hourly).toBe('transaction_hourly_totals');
  });
});
