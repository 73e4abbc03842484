import { loadConfig } from '../config.ts';
import { newId } from '../lib/ids.ts';
import { insertDiscount } from '../modules/recurring/discount.repository.ts';
import { insertPlan } from '../modules/recurring/plan.repository.ts';
import { insertSubscription } from '../modules/recurring/subscription.repository.ts';
import { sql, type Db, type Queryable } from '../plugins/db/index.ts';
import { DAY } from './calendar.ts';
import { createRng, type Rng } from './random.ts';
import { replayBilling, type Story } from './recurring-replay.ts';

type PlanSpec = {
  key: string;
  name: string;
  amount: number;
  interval: 'day' | 'week' | 'month' | 'year';
  count?: number;
  max?: number;
  notify?: boolean;
};
type DiscountSpec = {
  key: string;
  name: string;
  type: 'fixed_cents' | 'percentage';
  amount: number;
  duration?: number;
  minimum?: number;
  firstOnly?: boolean;
};

const PLANS: PlanSpec[] = [
  { key: 'monthly', name: 'Monthly membership', amount: 1995, interval: 'month', notify: true },
  { key: 'weekly', name: 'Weekly delivery', amount: 1250, interval: 'week' },
  { key: 'quarterly', name: 'Quarterly box', amount: 4500, interval: 'month', count: 3 },
  { key: 'trial', name: 'Three-month trial', amount: 995, interval: 'month', max: 3 },
  { key: 'yearly', name: 'Annual plan', amount: 19900, interval: 'year' },
];
const DISCOUNTS: DiscountSpec[] = [
  { key: 'welcome', name: 'Welcome €5 off', type: 'fixed_cents', amount: 500, firstOnly: true },
  { key: 'ten3', name: '10% for 3 cycles', type: 'percentage', amount: 0.1, duration: 3 },
  { key: 'loyal', name: 'Loyalty 5%', type: 'percentage', amount: 0.05, minimum: 1500 },
  { key: 'spring', name: 'Spring €2.50 × 2', type: 'fixed_cents', amount: 250, duration: 2 },
];

const STORIES: Story[] = [
  { plan: 'monthly', daysAgo: 300, discount: 'welcome' },
  { plan: 'monthly', daysAgo: 200 },
  { plan: 'monthly', daysAgo: 95, discount: 'ten3' },
  { plan: 'weekly', daysAgo: 120, discount: 'spring' },
  { plan: 'weekly', daysAgo: 40 },
  { plan: 'quarterly', daysAgo: 250, discount: 'loyal' },
  { plan: 'yearly', daysAgo: 380 },
  { plan: 'monthly', daysAgo: 150, failFromCycle: 3, recovers: true },
  { plan: 'weekly', daysAgo: 60, failFromCycle: 4, recovers: true },
  { plan: 'trial', daysAgo: 200 },
  { plan: 'trial', daysAgo: 120, discount: 'welcome' },
  { plan: 'monthly', daysAgo: 63, failFromCycle: 3 },
  { plan: 'weekly', daysAgo: 16, failFromCycle: 3 },
  { plan: 'monthly', daysAgo: 110, failFromCycle: 2 },
  { plan: 'monthly', daysAgo: 180, cancelAfterCycle: 3 },
  { plan: 'weekly', daysAgo: 90, cancelAfterCycle: 5, discount: 'ten3' },
  { plan: 'monthly', daysAgo: -3 },
  { plan: 'quarterly', daysAgo: -8, discount: 'welcome' },
];

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const token = (rng: Rng) => Array.from({ length: 32 }, () => rng.pick([...TOKEN_ALPHABET])).join('');

type Customer = { id: string; created_at: Date };

/** A customer who already existed at `time` (the list is oldest first), not yet subscribed. */
const pickCustomer = (rng: Rng, customers: Customer[], time: number, taken: Set<string>): string | undefined => {
  let existing = 0;
  while (existing < customers.length && customers[existing].created_at.getTime() < time) existing++;
  for (let tries = 0; tries < 20 && existing > 0; tries++) {
    const { id } = customers[rng.int(0, existing - 1)];
    if (!taken.has(id)) return id;
  }
  return undefined;
};

type MerchantProfile = {
  id: string;
  organisation_id: string;
  currency_code: string;
  name: string;
  email: string | null;
  live_from: Date;
};

/** Each merchant's first payment profile that can charge cards. */
const loadMerchantProfiles = (tx: Queryable) =>
  tx.query<MerchantProfile>(sql`select distinct on (o.id) p.id, o.id as organisation_id, p.currency_code, o.name, o.email,
      coalesce((select min(t.created_at) from transaction t where t.organisation_id = o.id), o.created_at) as live_from
    from payment_profile p join organisation o on o.id = p.organisation_id
    where o.type = 'merchant' and exists (select 1 from processor pr where pr.id = any(p.processors) and pr.active and pr.payment_product = 'card')
    order by o.id, p.created_at, p.id`);

export type RecurringCounts = { plans: number; discounts: number; subscriptions: number; charges: number };

/** Arbitrary constant: keeps two starting processes from both creating the recurring demo. */
const RECURRING_DEMO_LOCK = 7_264_002;

/**
 * Plans, discounts and subscriptions for every demo merchant, in every status, with a year of
 * history that the real billing engine charges cycle by cycle at simulated times (notifications
 * off): ACTIVE with and without discounts, PAST_DUE, recovered, EXPIRED, COMPLETED, CANCELLED and
 * CREATED. One database transaction, done only while no plan exists yet.
 */
export const createDemoRecurring = async (
  db: Db,
  options: { seed: number; now?: number },
): Promise<RecurringCounts | undefined> => {
  const now = options.now ?? Date.now();
  const rng = createRng(options.seed, 'recurring');
  const publicUrl = loadConfig().publicUrl;
  return db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${RECURRING_DEMO_LOCK})`);
    const [existing] = await tx.query<{ exists: boolean }>(sql`select exists (select 1 from plan) as exists`);
    if (existing.exists) return undefined;
    const stories = new Map<string, Story & { customer: string }>();
    const counts: RecurringCounts = { plans: 0, discounts: 0, subscriptions: 0, charges: 0 };
    for (const profile of await loadMerchantProfiles(tx)) {
      const since = Math.max(profile.live_from.getTime(), now - 400 * DAY);
      const customers = await tx.query<Customer>(
        sql`select id, created_at from customer where organisation_id = ${profile.organisation_id} order by created_at, id`,
      );
      const { planIds, discountIds } = await createCatalogue(tx, rng, profile, since, counts);
      const taken = new Set<string>();
      for (const story of STORIES) {
        const start = Math.max(since, now - story.daysAgo * DAY) + rng.int(0, 8 * 3600_000);
        const customer = pickCustomer(rng, customers, Math.min(start, now), taken);
        if (!customer) continue;
        taken.add(customer);
        const plan = PLANS.find((p) => p.key === story.plan) as PlanSpec;
        const created = new Date(Math.min(start, now - DAY));
        const id = newId('sub', created.getTime(), rng);
        const secret = token(rng);
        await insertSubscription(tx, {
          id,
          organisation_id: profile.organisation_id,
          merchant_id: profile.organisation_id,
          customer_id: customer,
          plan_id: planIds.get(plan.key),
          payment_profile_id: profile.id,
          amount: plan.amount,
          currency_code: profile.currency_code,
          payment_product: 'card',
          token: secret,
          subscription_url: `${publicUrl}/subscribe/${secret}`,
          start_date: new Date(start),
          due_date: new Date(start),
          next_attempt_at: new Date(start),
          max_billing_cycle: plan.max ?? null,
          status: 'CREATED',
          created_at: created,
          updated_at: created,
        });
        if (story.discount) {
          await tx.query(sql`insert into subscription_discount_attached (id, subscription_id, subscription_discount_id, created_at)
            values (${newId('sda', created.getTime(), rng)}, ${id}, ${discountIds.get(story.discount)}, ${created})`);
        }
        // Subscribers have a working card until their story says otherwise.
        await tx.query(sql`update customer set status = 'VERIFIED' where id = ${customer}`);
        stories.set(id, { ...story, customer });
        counts.subscriptions++;
      }
    }
    counts.charges = await replayBilling(tx, now, stories);
    return counts;
  });
};

const createCatalogue = async (
  tx: Queryable,
  rng: Rng,
  profile: MerchantProfile,
  since: number,
  counts: RecurringCounts,
) => {
  const at = new Date(since);
  const planIds = new Map<string, string>();
  for (const spec of PLANS) {
    const id = newId('plan', since, rng);
    await insertPlan(tx, {
      id,
      organisation_id: profile.organisation_id,
      merchant_id: profile.organisation_id,
      payment_profile_id: profile.id,
      name: spec.name,
      description: `${spec.name} at ${profile.name}`,
      dynamic_descriptor: profile.name.slice(0, 22),
      amount: spec.amount,
      interval: spec.interval,
      interval_count: spec.count ?? 1,
      max_billing_cycle: spec.max ?? null,
      statuses_subscription_update: spec.notify && profile.email ? ['PAST_DUE', 'EXPIRED', 'CANCELLED'] : [],
      email_subscription_update: spec.notify ? profile.email : null,
      created_at: at,
      updated_at: at,
    });
    planIds.set(spec.key, id);
    counts.plans++;
  }
  const discountIds = new Map<string, string>();
  for (const spec of DISCOUNTS) {
    const id = newId('sd', since, rng);
    await insertDiscount(tx, {
      id,
      organisation_id: profile.organisation_id,
      merchant_id: profile.organisation_id,
      name: spec.name,
      type: spec.type,
      amount: spec.amount,
      duration: spec.duration ?? null,
      minimum_amount: spec.minimum ?? null,
      limit_to_first_order: spec.firstOnly ?? false,
      created_at: at,
      updated_at: at,
    });
    discountIds.set(spec.key, id);
    counts.discounts++;
  }
  return { planIds, discountIds };
};
