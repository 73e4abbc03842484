import { hashPassword } from '../modules/auth/password.ts';
import { createDemoDisputes, createDemoReviewQueue } from './review.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { OTHER_ROLLUPS, ROLLUPS } from '../db/rollups.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { createCustomers } from './customers.ts';
import { createOrganisations } from './organisations.ts';
import { createRng } from './random.ts';
import { createTransactions } from './transactions.ts';
import { withIndexesDeferred } from './indexes.ts';
import { createFinance } from './finance.ts';
import { runSettlement } from '../modules/finance/settlement.service.ts';
import { createTestModeData } from './test-mode.ts';

export type DemoOptions = {
  seed: number;
  /** Number of transactions; customers, refunds, chargebacks and settlements follow from it. */
  scale: number;
  /** The moment the year of history ends; ids encode times, so the same world needs the same `now`. */
  now?: number;
  batchSize?: number;
  /** Generate only when the database has no organisation yet (checked under a lock). */
  onlyIfEmpty?: boolean;
  progress?: (transactionsDone: number) => void;
};

export type DemoResult = {
  created: boolean;
  customers: number;
  transactions: number;
  refunds: number;
  chargebacks: number;
  settlements: number;
};

/** The tables bulk-loaded with their secondary indexes rebuilt afterwards. */
const BULK_TABLES = ['customer', 'transaction', 'refund', 'chargeback', 'settlement'];

/**
 * The statistics rollups, kept by statement-level triggers: the load upserts each of their rows
 * once per batch, which leaves most of their pages dead (customer_totals 84 MB for 13 MB of rows,
 * transaction_monthly 7 MB for 0.7 MB at 1,000,000 transactions). They are rewritten compact once.
 */
const ROLLUP_TABLES = [
  ...[...ROLLUPS, ...OTHER_ROLLUPS].map((rollup) => rollup.table),
  // Kept by hand-written triggers (migration 0071).
  'customer_local_daily',
  'customer_segment_count',
  'refund_local_daily',
];

const SMALL_TABLES = ['organisation', 'app_user', 'user_role', 'processor', 'middleware', 'payment_profile', 'tag'];

/** Arbitrary constant: the advisory lock that keeps two starting processes from both generating. */
const DEMO_LOCK = 7_264_001;

/**
 * Generates the demo world in one database transaction: either all of it exists or none, so an
 * interrupted first start simply generates again. The same seed, scale and `now` give the same world.
 */
export const generateDemoWorld = async (db: Db, options: DemoOptions): Promise<DemoResult> => {
  const now = options.now ?? Date.now();
  const batchSize = options.batchSize ?? (db.engine === 'postgresql' ? 5000 : 2000);
  const rng = createRng(options.seed);
  // Hashed once: argon2 is slow on purpose, and every demo account shares the password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const result = await db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    if (options.onlyIfEmpty) {
      const [row] = await tx.query<{ exists: boolean }>(sql`select exists (select 1 from organisation) as exists`);
      if (row.exists) return undefined;
    }
    const setup = await createOrganisations(tx, rng.fork('organisations'), now, passwordHash);
    const made = await withIndexesDeferred(tx, BULK_TABLES, async () => {
      const pools = await createCustomers(tx, rng.fork('customers'), now, setup.profiles, options.scale, batchSize);
      const customers = [...pools.values()].reduce((sum, pool) => sum + pool.ids.length, 0);
      const counts = await createTransactions(
        tx,
        rng.fork('transactions'),
        now,
        options.scale,
        setup,
        pools,
        batchSize,
        options.progress,
      );
      await createFinance(tx, rng.fork('finance'), now, setup);
      return { created: true, customers, ...counts };
    });
    // The review queue and the disputes pick their payments by query: with the indexes back and
    // the planner's statistics fresh. Without either, at 10,000,000 payments the pick for the
    // disputes ran a nested-loop anti-join of the merchant's payments against every chargeback
    // (stopped after 13 minutes).
    await tx.exec('analyze transaction, chargeback, refund');
    await createDemoReviewQueue(tx, now);
    await createDemoDisputes(tx, now);
    return made;
  });
  if (!result) return { created: false, customers: 0, transactions: 0, refunds: 0, chargebacks: 0, settlements: 0 };
  // The last weeks of collecting merchants are settled by the real engine (each period in its own
  // transaction, as the scheduled job does; an interrupted start is finished by that job).
  await runSettlement(db, { now: new Date(now) });
  // A few test payments of merchant@ beside its live data (test mode), never settled.
  await createTestModeData(db);
  // Fresh statistics, or the planner guesses from an empty table on the first requests; the
  // vacuum sets the visibility map so counts can be answered from covering indexes alone.
  await db.exec(`vacuum analyze ${[...SMALL_TABLES, ...BULK_TABLES].join(', ')}`);
  await db.exec(`vacuum (full, analyze) ${ROLLUP_TABLES.join(', ')}`);
  return result;
};
