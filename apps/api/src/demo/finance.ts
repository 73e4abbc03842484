import { newId } from '../lib/ids.ts';
import { sql, type Queryable } from '../plugins/db/index.ts';
import { periodStartOf } from '../modules/finance/settlement.periods.ts';
import { DAY } from './calendar.ts';
import { MERCHANTS } from './catalogue.ts';
import type { DemoSetup } from './organisations.ts';
import type { Rng } from './random.ts';

/** Weeks of history the settlement engine settles for the demo world; older weeks keep the generator's settlements. */
export const ENGINE_WEEKS = 8;
/** The first moment the demo's settlement engine covers (a Monday, UTC). */
export const engineStartOf = (now: number): number =>
  periodStartOf('weekly', new Date(now - ENGINE_WEEKS * 7 * DAY)).getTime();

/** A valid IBAN (ISO 13616 check digits) for a bank code and account number. */
const iban = (country: string, bban: string): string => {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
};
const BANKS: Record<string, { bban: (n: string) => string; bic: string }> = {
  NL: { bban: (n) => `INGB${n.padStart(10, '0')}`, bic: 'INGBNL2A' },
  // Belgian account numbers end in their own check: the first ten digits modulo 97.
  BE: {
    bban: (n) => {
      const ten = `539${n.padStart(7, '0')}`.slice(0, 10);
      return `${ten}${String(Number(ten) % 97 || 97).padStart(2, '0')}`;
    },
    bic: 'GEBABEBB',
  },
  DE: { bban: (n) => `37040044${n.padStart(10, '0')}`, bic: 'COBADEFFXXX' },
};

const rule = (values: Record<string, unknown>) => ({
  payment_product: null,
  card_brand: null,
  region: null,
  currency_code: null,
  fixed: 0,
  percentage_bp: 0,
  minimum: 0,
  maximum: null,
  ...values,
});

/** Pricing of the demo provider: what merchants pay, what processors cost, the reserve for travel, a partner's share. */
const SCHEMES = [
  {
    key: 'standard',
    type: 'revenue',
    name: 'Standaard online',
    description: 'Tarieven voor webwinkels',
    rules: [
      rule({ fixed: 15, percentage_bp: 120 }),
      rule({ payment_product: 'card', fixed: 10, percentage_bp: 140, region: 'domestic' }),
      rule({ payment_product: 'card', fixed: 25, percentage_bp: 290, region: 'international' }),
      rule({ payment_product: 'ideal', fixed: 29 }),
      rule({ payment_product: 'paypal', fixed: 35, percentage_bp: 190 }),
    ],
  },
  {
    key: 'retail',
    type: 'revenue',
    name: 'Winkel en horeca',
    description: 'Tarieven voor pinnen aan de kassa',
    rules: [
      rule({ fixed: 5, percentage_bp: 95, maximum: 500 }),
      rule({ payment_product: 'bancontact', fixed: 12, percentage_bp: 60 }),
    ],
  },
  {
    key: 'acquiring',
    type: 'cost',
    name: 'Kosten acquirers 2026',
    description: 'Wat Northwind en Meridian rekenen',
    rules: [rule({ fixed: 3, percentage_bp: 70 }), rule({ payment_product: 'ideal', fixed: 12 })],
  },
  {
    key: 'travel',
    type: 'reserve',
    name: 'Reisbranche 5 %',
    description: 'Reserve voor reisorganisaties',
    reserveBp: 500,
    reserveDays: 14,
    rules: [],
  },
  {
    key: 'partner',
    type: 'partner',
    name: 'Partner webbouwers',
    description: 'Aandeel voor partners die merchants aanbrengen',
    rules: [rule({ percentage_bp: 10 })],
  },
] as const;

/** Which package and schedule each collecting demo merchant settles with; Les Halles collects but has no profile yet (set up in the browser test). */
const PLANS: Record<string, { pkg: 'online' | 'retail' | 'travel'; schedule: 'weekly' | 'daily' | 'monthly' }> = {
  zuiderzee: { pkg: 'online', schedule: 'weekly' },
  vandijk: { pkg: 'retail', schedule: 'weekly' },
  rheinblick: { pkg: 'travel', schedule: 'weekly' },
};

/**
 * Pricing schemes, packages, schedules, bank accounts, settlement profiles and a few one-offs for
 * the collecting demo merchants, so every finance screen has something real; the settlement
 * engine then settles the last ENGINE_WEEKS weeks (see world.ts).
 */
export const createFinance = async (db: Queryable, rng: Rng, now: number, setup: DemoSetup): Promise<void> => {
  const provider = setup.provider.id;
  const since = new Date(now - 120 * DAY);
  const schemeIds: Record<string, string> = {};
  for (const s of SCHEMES) {
    const id = newId('psc', since.getTime(), rng);
    schemeIds[s.key] = id;
    const reserve = 'reserveBp' in s ? s : null;
    await db.query(sql`insert into pricing_scheme (id, organisation_id, type, name, description, rules, reserve_bp, reserve_days, valid_from, created_at, updated_at)
      values (${id}, ${provider}, ${s.type}, ${s.name}, ${s.description}, ${JSON.stringify(s.rules)}::jsonb, ${reserve?.reserveBp ?? null}, ${reserve?.reserveDays ?? null},
        ${'2026-01-01'}, ${since}, ${since})`);
  }
  const packages = {
    online: { name: 'Online', revenue: 'standard', reserve: null },
    retail: { name: 'Winkel', revenue: 'retail', reserve: null },
    travel: { name: 'Reizen', revenue: 'standard', reserve: 'travel' },
  } as const;
  const packageIds: Record<string, string> = {};
  for (const [key, p] of Object.entries(packages)) {
    packageIds[key] = newId('pkg', since.getTime(), rng);
    await db.query(sql`insert into finance_package (id, organisation_id, name, revenue_scheme_id, cost_scheme_id, reserve_scheme_id, partner_scheme_id, created_at, updated_at)
      values (${packageIds[key]}, ${provider}, ${p.name}, ${schemeIds[p.revenue]}, ${schemeIds.acquiring}, ${p.reserve ? schemeIds[p.reserve] : null},
        ${key === 'online' ? schemeIds.partner : null}, ${since}, ${since})`);
  }
  const schedules = { daily: ['Dagelijks', 1], weekly: ['Wekelijks', 2], monthly: ['Maandelijks', 5] } as const;
  const scheduleIds: Record<string, string> = {};
  for (const [interval, [name, delay]] of Object.entries(schedules)) {
    scheduleIds[interval] = newId('ssc', since.getTime(), rng);
    await db.query(sql`insert into settlement_schedule (id, organisation_id, name, interval, payout_delay_days, created_at, updated_at)
      values (${scheduleIds[interval]}, ${provider}, ${name}, ${interval}, ${delay}, ${since}, ${since})`);
  }
  const effective = new Date(engineStartOf(now)).toISOString().slice(0, 10);
  for (const spec of MERCHANTS) {
    const plan = PLANS[spec.key];
    const merchant = setup.orgs.get(spec.key);
    const bank = BANKS[spec.countryCode];
    if (!plan || !merchant || !bank) continue;
    const account = newId('ba', since.getTime(), rng);
    await db.query(sql`insert into bank_account (id, organisation_id, merchant_id, holder_name, iban, bic, currency_code, description, created_at, updated_at)
      values (${account}, ${merchant.id}, ${merchant.id}, ${spec.name}, ${iban(spec.countryCode, bank.bban(String(rng.int(100_000, 9_999_999))))}, ${bank.bic}, 'EUR',
        'Uitbetalingen', ${since}, ${since})`);
    await db.query(sql`insert into settlement_profile (id, organisation_id, merchant_id, package_id, settlement_schedule_id, bank_account_id, currency_code, effective_from, created_at, updated_at)
      values (${newId('spf', since.getTime(), rng)}, ${merchant.id}, ${merchant.id}, ${packageIds[plan.pkg]}, ${scheduleIds[plan.schedule]}, ${account}, 'EUR', ${effective}, ${since}, ${since})`);
  }
  const zuiderzee = setup.orgs.get('zuiderzee');
  if (zuiderzee) {
    const oneOffs = [
      { description: 'Huur betaalterminals', amount: -4_950, days: 30 },
      { description: 'Tegoed storing iDEAL', amount: 2_500, days: 12 },
    ];
    for (const o of oneOffs) {
      await db.query(sql`insert into one_off (id, organisation_id, merchant_id, description, amount, effective_date, created_at, updated_at)
        values (${newId('oof', now - o.days * DAY, rng)}, ${zuiderzee.id}, ${zuiderzee.id}, ${o.description}, ${o.amount},
          ${new Date(now - o.days * DAY).toISOString().slice(0, 10)}, ${new Date(now - o.days * DAY)}, ${new Date(now - o.days * DAY)})`);
    }
  }
};
