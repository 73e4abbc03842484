import { newId } from '../lib/ids.ts';
import type { Queryable } from '../plugins/db/index.ts';
import { BulkWriter } from './bulk.ts';
import { DAY } from './calendar.ts';
import { COUNTRIES } from './geo.ts';
import type { DemoProfile } from './organisations.ts';
import { weights, type Rng } from './random.ts';

/** The customers of one organisation, oldest first; only ids, times and countries stay in memory. */
export type CustomerPool = { ids: string[]; createdAt: Float64Array; countries: string[] };

const SEGMENTS = weights([
  ['champions', 12],
  ['loyal', 24],
  ['potential_loyalists', 14],
  ['at_risk', 18],
  ['hibernating', 22],
  ['need_attention', 10],
]);
const STATUSES = weights([
  ['VERIFIED', 40],
  ['AUTO_VERIFIED', 30],
  ['UNVERIFIED', 18],
  ['AUTO_UNVERIFIED', 9],
  ['UNKNOWN', 3],
]);
const DOMAINS = ['example.com', 'example.net', 'example.org'];

const COLUMNS = {
  id: 'text',
  organisation_id: 'text',
  merchant_id: 'text',
  email_address: 'text',
  first_name: 'text',
  last_name: 'text',
  initials: 'text',
  title: 'text',
  gender: 'text',
  postal_code: 'text',
  street_address: 'text',
  house_number: 'text',
  house_number_suffix: 'text',
  city: 'text',
  region: 'text',
  country_code: 'text',
  date_of_birth: 'date',
  phone_number: 'text',
  segment: 'text',
  status: 'text',
  status_reason: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** How many customers each organisation gets: about one for every seven transactions, by share. */
const poolSizes = (profiles: DemoProfile[], scale: number): Map<string, number> => {
  const share = new Map<string, number>();
  for (const p of profiles) share.set(p.org.key, (share.get(p.org.key) ?? 0) + p.merchant.share * p.spec.share);
  const total = [...share.values()].reduce((a, b) => a + b, 0);
  const target = Math.max(40, Math.round(scale / 7));
  return new Map([...share].map(([key, s]) => [key, Math.max(3, Math.round((target * s) / total))]));
};

/** Inserts the customers, organisation by organisation, and returns the pools transactions draw from. */
export const createCustomers = async (
  db: Queryable,
  rng: Rng,
  now: number,
  profiles: DemoProfile[],
  scale: number,
  batchSize: number,
): Promise<Map<string, CustomerPool>> => {
  const writer = new BulkWriter(db, 'customer', COLUMNS, batchSize);
  const pools = new Map<string, CustomerPool>();
  const seen = new Map<string, DemoProfile>();
  for (const p of profiles) if (!seen.has(p.org.key)) seen.set(p.org.key, p);
  for (const [orgKey, size] of poolSizes(profiles, scale)) {
    const { org, merchant, merchantId } = seen.get(orgKey) as DemoProfile;
    const countries = weights(Object.entries(merchant.customerCountries));
    // More customers sign up later in the year, as the merchants grow.
    const span = now - org.liveFrom;
    const createdAt = new Float64Array(size);
    for (let i = 0; i < size; i++) createdAt[i] = org.liveFrom + Math.floor(span * rng() ** 0.8);
    createdAt.sort();
    const pool: CustomerPool = { ids: [], createdAt, countries: [] };
    for (let i = 0; i < size; i++) {
      const created = createdAt[i];
      const country = COUNTRIES[rng.weighted(countries)];
      const female = rng.chance(0.5);
      const first = rng.pick(female ? country.firstNames.female : country.firstNames.male);
      const last = rng.pick(country.lastNames);
      const city = rng.pick(country.cities);
      const id = newId('cus', created, rng);
      const segment = now - created < 45 * DAY ? 'new' : rng.weighted(SEGMENTS);
      const status = rng.weighted(STATUSES);
      const birth = new Date(Date.UTC(rng.int(1950, 2005), rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 10);
      writer.push(
        id,
        org.id,
        merchantId,
        `${slug(first)}.${slug(last)}${rng.int(1, 999)}@${rng.pick(DOMAINS)}`,
        first,
        last,
        `${first[0]}.`,
        female ? rng.pick(['Ms', 'Mrs']) : 'Mr',
        female ? 'female' : 'male',
        city.postal(rng),
        rng.pick(country.streets),
        String(rng.int(1, 240)),
        rng.chance(0.12) ? rng.pick(['A', 'B', 'bis', '2']) : null,
        city.name,
        city.region,
        country.code,
        birth,
        `${country.phone} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)}`,
        segment,
        status,
        status === 'AUTO_UNVERIFIED' ? 'E-mail address could not be verified' : null,
        created,
        created,
      );
      pool.ids.push(id);
      pool.countries.push(country.code);
      if (writer.size >= writer.batchSize) await writer.flush();
    }
    pools.set(orgKey, pool);
  }
  await writer.close();
  return pools;
};

/** A customer of the pool who existed at `t`, favouring long-standing ones; undefined if none yet. */
export const pickCustomer = (rng: Rng, pool: CustomerPool, t: number): number | undefined => {
  let lo = 0;
  let hi = pool.createdAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pool.createdAt[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : Math.floor(lo * rng() ** 1.4);
};
