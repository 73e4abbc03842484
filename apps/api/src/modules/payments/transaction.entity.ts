import {
  PAYMENT_PRODUCTS,
  RECURRING_TYPES,
  STATISTICS_TIME_ZONE,
  statusVocabularies,
  TRANSACTION_LIST_TYPES,
  ZTransactionRow,
} from '@kassa/domain';
import { rollupFor, type TimeBucket } from '../../db/rollups.ts';
import { sql } from '../../plugins/db/index.ts';
import { defineEntity } from '../../query/entity.ts';
import { customerEntity } from './customer.entity.ts';
import { organisationEntity, paymentProfileEntity, processorEntity } from '../settings/settings.entities.ts';

/** The transaction list types of payments.md §2, each a condition on the same table. */
const listTypeCondition = {
  DEFAULT: sql`true`,
  TAGGED: sql`e.tags <> '{}'`,
  BLOCKED: sql`e.blocked`,
  MISSED: sql`e.status = 'ABANDONED'`,
  DECLINED: sql`e.status = 'DECLINED'`,
} as const;

/** The same list types expressed on the daily rollup (`tagged` is a dimension there). */
const rollupTypeCondition = { ...listTypeCondition, TAGGED: sql`e.tagged` } as const;

/** Columns of the daily rollup the list's counts filter on (the rollup's own names). */
const COUNT_DIMENSIONS = {
  status: 'e.status',
  payment_product_type: 'e.payment_product_type',
  currency_code: 'e.currency_code',
  processor: 'e.processor_id',
  blocked: 'e.blocked',
} as const;
/** Currency and blocked only: the statistics' totals. */
const TOTALS_DIMENSIONS = { currency_code: 'e.currency_code', blocked: 'e.blocked' } as const;
const columnsOf = (dimensions: Record<string, string>) => Object.values(dimensions).map((e) => e.slice('e.'.length));
/** The table of the rollup (db/rollups.ts) that holds these columns in this time bucket; a start-up error if none does. */
const rollupTable = (unit: TimeBucket['unit'], zone: TimeBucket['zone'], columns: string[]): string => {
  const rollup = rollupFor(unit, zone, columns);
  if (!rollup) throw new Error(`no ${unit} rollup (${zone}) of transactions by ${columns.join(', ')}`);
  return rollup.table;
};

const customerSearch = (term: string) => {
  const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`e.customer_id in (select c.id from customer c where c.id = ${term} or lower(c.email_address) like ${prefix} or lower(c.last_name) like ${prefix})`;
};

export const transactionEntity = defineEntity(ZTransactionRow, {
  name: 'transaction',
  table: 'transaction',
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', filter: true, sort: true },
    merchant_reference: { type: 'text', filter: true, sort: true, search: 'prefix' },
    amount: { type: 'int', filter: true, sort: true },
    currency_code: { type: 'text', filter: true, sort: true },
    status: { type: 'text', filter: true, sort: true, values: statusVocabularies.transaction.values },
    status_reason: { type: 'text' },
    blocked: { type: 'bool', filter: true },
    payment_product_type: { type: 'text', filter: true, sort: true, values: PAYMENT_PRODUCTS },
    card_brand: { type: 'text', filter: true },
    card_bin: { type: 'text', filter: true },
    card_last4: { type: 'text' },
    recurring_type: { type: 'text', filter: true, values: RECURRING_TYPES },
    tags: { type: 'text[]', filter: true },
    three_ds: { type: 'bool', filter: true },
    country_code: { type: 'text', filter: true },
    platform: { type: 'text', filter: true },
    browser: { type: 'text', filter: true },
    issuer: { type: 'text', filter: true },
    issuer_country: { type: 'text', filter: true },
    description: { type: 'text' },
    processor_id_external: { type: 'text', filter: true },
    refunded_amount: { type: 'int', sort: true },
    subscription: { type: 'id', column: 'e.subscription_id', filter: true },
    subscription_cycle: { type: 'int' },
    customer: { type: 'id', column: 'e.customer_id', filter: true, search: customerSearch },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    processor: { type: 'id', column: 'e.processor_id', filter: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
    merchant: { type: 'id', column: 'e.merchant_id' },
    status_history: { type: 'json' },
    decision: { type: 'json' },
  },
  populate: {
    customer: { field: 'customer', target: () => customerEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
    processor: { field: 'processor', target: () => processorEntity },
    organisation: { field: 'organisation', target: () => organisationEntity },
  },
  virtualFilters: {
    type: {
      values: TRANSACTION_LIST_TYPES,
      toSql: (value) => listTypeCondition[value as keyof typeof listTypeCondition],
    },
  },
  // transaction_merchant_created_idx and transaction_created_idx; customer and processor by key.
  genericPlans: true,
  // The rollups are asked for by what they must hold, as the statistics ask (db/rollups.ts).
  rollup: {
    table: rollupTable('day', 'UTC', [...columnsOf(COUNT_DIMENSIONS), 'tagged']),
    timeField: 'created_at',
    dimensions: COUNT_DIMENSIONS,
    virtualFilters: { type: (value) => rollupTypeCondition[value as keyof typeof rollupTypeCondition] },
    // Per Amsterdam day, by currency and blocked only (the statistics' narrow rollup).
    totals: {
      table: rollupTable('day', STATISTICS_TIME_ZONE, columnsOf(TOTALS_DIMENSIONS)),
      hourly: rollupTable('hour', 'UTC', columnsOf(TOTALS_DIMENSIONS)),
      zone: STATISTICS_TIME_ZONE,
      dimensions: TOTALS_DIMENSIONS,
    },
  },
});
