import type { PaymentProduct } from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import { issuerOf } from '../modules/payments/bin-table.ts';
import type { Queryable } from '../plugins/db/index.ts';
import { AfterSales } from './after-sales.ts';
import { arrayLiteral, BulkWriter } from './bulk.ts';
import { momentsOfDay, planDays } from './calendar.ts';
import { pickCustomer, type CustomerPool } from './customers.ts';
import { lifecycle } from './lifecycle.ts';
import type { DemoProfile, DemoSetup } from './organisations.ts';
import { weights, type Rng, type Weighted } from './random.ts';
import { Settlements } from './settlements.ts';
import { engineStartOf } from './finance.ts';

const BRANDS = weights([
  ['visa', 50],
  ['mastercard', 38],
  ['maestro', 7],
  ['amex', 5],
]);
/** The customer's platform on the hosted pages, and the browsers people use on it (names as user agents parse). */
const PLATFORMS = weights([
  ['iOS', 38],
  ['Android', 30],
  ['Windows', 18],
  ['macOS', 11],
  ['Linux', 2],
  ['Chrome OS', 1],
]);
const BROWSERS: Record<string, Weighted<string>> = {
  iOS: weights([
    ['Safari', 85],
    ['Chrome', 15],
  ]),
  Android: weights([
    ['Chrome', 80],
    ['Samsung Internet for Android', 15],
    ['Firefox', 5],
  ]),
  Windows: weights([
    ['Chrome', 65],
    ['Microsoft Edge', 25],
    ['Firefox', 10],
  ]),
  macOS: weights([
    ['Safari', 55],
    ['Chrome', 40],
    ['Firefox', 5],
  ]),
  Linux: weights([
    ['Firefox', 50],
    ['Chrome', 50],
  ]),
  'Chrome OS': weights([['Chrome', 1]]),
};

/** Where the customer paid: 8 in 10 payments on the hosted pages (platform and browser known), Apple Pay on Apple's. */
const clientFor = (rng: Rng, product: string): [string | null, string | null] => {
  if (product === 'applepay') {
    const platform = rng.chance(0.8) ? 'iOS' : 'macOS';
    return [platform, 'Safari'];
  }
  if (!rng.chance(0.8)) return [null, null];
  const platform = rng.weighted(PLATFORMS);
  return [platform, rng.weighted(BROWSERS[platform])];
};
const EXTERNAL = '0123456789abcdefghijklmnopqrstuvwxyz';

const COLUMNS = {
  id: 'text',
  organisation_id: 'text',
  merchant_id: 'text',
  payment_profile_id: 'text',
  processor_id: 'text',
  customer_id: 'text',
  merchant_reference: 'text',
  amount: 'int8',
  currency_code: 'text',
  payment_product_type: 'text',
  card_brand: 'text',
  card_bin: 'text',
  card_last4: 'text',
  recurring_type: 'text',
  status: 'text',
  status_reason: 'text',
  blocked: 'bool',
  tags: 'text[]',
  country_code: 'text',
  description: 'text',
  processor_id_external: 'text',
  refunded_amount: 'int8',
  status_history: 'jsonb',
  platform: 'text',
  browser: 'text',
  issuer: 'text',
  issuer_country: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

/** The first six digits of a card number of the brand; never more than BIN and last four are stored. */
const cardBin = (rng: Rng, brand: string): string => {
  const tail = (n: number) => String(rng.int(0, 10 ** n - 1)).padStart(n, '0');
  if (brand === 'visa') return `4${tail(5)}`;
  if (brand === 'mastercard') return `5${rng.int(1, 5)}${tail(4)}`;
  if (brand === 'amex') return `3${rng.pick(['4', '7'])}${tail(4)}`;
  return `6759${tail(2)}`;
};

const amountFor = (rng: Rng, profile: DemoProfile): number => {
  const baskets = profile.merchant.baskets;
  let pick = rng() * baskets.reduce((sum, b) => sum + b.weight, 0);
  const basket = baskets.find((b) => (pick -= b.weight) < 0) ?? baskets[0];
  const raw = rng.logNormal(basket.median, basket.sigma);
  // Shop prices: mostly whole euros or .95, sometimes an odd total of several items.
  const amount = rng.chance(0.7) ? Math.round(raw / 100) * 100 - (rng.chance(0.5) ? 5 : 0) : Math.round(raw);
  return Math.max(150, amount);
};

const external = (rng: Rng, prefix: string): string => {
  let out = `${prefix}_`;
  for (let i = 0; i < 14; i++) out += EXTERNAL[Math.floor(rng() * 36)];
  return out;
};

export type TransactionCounts = { transactions: number; refunds: number; chargebacks: number; settlements: number };

/**
 * A year of transactions day by day, each followed by its refunds and chargebacks. Rows go out
 * in batches as they are made, so memory stays flat whatever the scale.
 */
export const createTransactions = async (
  db: Queryable,
  rng: Rng,
  now: number,
  scale: number,
  setup: DemoSetup,
  pools: Map<string, CustomerPool>,
  batchSize: number,
  progress?: (done: number) => void,
): Promise<TransactionCounts> => {
  const settlements = new Settlements(rng.fork('settlements'), now, engineStartOf(now));
  const afterSales = new AfterSales(db, rng.fork('after-sales'), now, settlements, batchSize);
  const writer = new BulkWriter(db, 'transaction', COLUMNS, batchSize);
  const sequence = new Map<string, number>();
  const flushAll = async () => {
    // Transactions first: refunds and chargebacks refer to them.
    await writer.flush();
    await afterSales.refunds.flush();
    await afterSales.chargebacks.flush();
  };

  // Its own stream, so the rest of the world stays what the seed made it.
  const clientRng = rng.fork('client');
  for (const day of planDays(rng.fork('calendar'), now, scale, setup.profiles)) {
    for (const t of momentsOfDay(rng, day)) {
      const profile = rng.weighted(day.profiles);
      const { merchant, org } = profile;
      const product = rng.weighted(profile.products) as PaymentProduct;
      const pool = pools.get(org.key) as CustomerPool;
      const guest = rng.chance(merchant.key === 'vandijk' ? 0.4 : 0.15);
      const customer = guest ? undefined : pickCustomer(rng, pool, t);
      const amount = amountFor(rng, profile);
      const card = product === 'card' || product === 'applepay';
      const brand = card ? rng.weighted(BRANDS) : null;
      const processorId =
        product === 'card' && rng.chance(0.3) ? setup.processorIds.meridian : profile.processorFor[product];
      const life = lifecycle(rng, product, t, now);
      const seq = (sequence.get(merchant.key) ?? 0) + 1;
      sequence.set(merchant.key, seq);
      const id = newId('tx', t, rng);
      const recurring =
        customer !== undefined && (product === 'card' || product === 'sepa') && rng.chance(0.1)
          ? rng.pick(['initial', 'recurring', 'recurring'])
          : 'none';
      const tagged = life.blocked ? rng.chance(0.5) : rng.chance(amount > 50_000 ? 0.08 : 0.025);
      const tag = !tagged
        ? null
        : life.blocked
          ? profile.tagIds[3]
          : amount > 50_000
            ? profile.tagIds[2]
            : rng.pick(profile.tagIds.slice(0, 2));

      const bin = product === 'card' ? cardBin(rng, brand as string) : null;
      const issuer = issuerOf(bin);
      const [platform, browser] = clientFor(clientRng, product);
      let refunded = 0;
      if (life.settledAt !== null) {
        settlements.settle(profile, life.settledAt, amount);
        const sold = { id, profile, product, processorId, amount, createdAt: t, settledAt: life.settledAt };
        refunded = afterSales.refund(sold);
        afterSales.chargeback(sold, refunded);
      }
      writer.push(
        id,
        org.id,
        profile.merchantId,
        profile.id,
        processorId,
        customer === undefined ? null : pool.ids[customer],
        `${merchant.refPrefix}-${String(seq).padStart(7, '0')}`,
        amount,
        profile.spec.currency,
        product,
        brand,
        bin,
        card ? String(rng.int(0, 9999)).padStart(4, '0') : null,
        recurring,
        life.status,
        life.reason,
        life.blocked,
        tag ? arrayLiteral([tag]) : '{}',
        customer === undefined ? merchant.countryCode : pool.countries[customer],
        rng.pick(merchant.descriptions),
        external(rng, product.slice(0, 3)),
        refunded,
        life.history,
        platform,
        browser,
        issuer?.issuer ?? null,
        issuer?.country ?? null,
        t,
        Math.max(life.updatedAt, t),
      );
      if (writer.size >= writer.batchSize) {
        await flushAll();
        progress?.(writer.inserted);
      }
    }
  }
  await flushAll();
  await writer.close();
  await afterSales.refunds.close();
  await afterSales.chargebacks.close();
  const settlementRows = await settlements.write(db, batchSize);
  return {
    transactions: writer.inserted,
    refunds: afterSales.refunds.inserted,
    chargebacks: afterSales.chargebacks.inserted,
    settlements: settlementRows,
  };
};
