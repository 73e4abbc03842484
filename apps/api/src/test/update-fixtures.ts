import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import { insertOrganisation } from '../modules/settings/organisation.repository.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { callAs, type Caller } from './call.ts';
import type { TestWorld } from './world.ts';

/**
 * How the update sweep (update-sweep.test.ts) gets a row for each update route: who edits it, how a
 * fresh one is made, the values it sends where the schema alone does not give a valid changed
 * value, and the fields that cannot change alone (with why).
 */
export type UpdateFixture = {
  who: 'a' | 'provider';
  /** A fresh row; its id. */
  create: () => Promise<string>;
  /** Hand-picked valid values that differ from the fresh row's. */
  values?: Record<string, unknown>;
  /** Fields that cannot be sent alone, each with the reason. */
  skip?: Record<string, string>;
  /** Fields of the row a sent field changes by a documented rule. */
  derived?: Record<string, string[]>;
  /** The row field that shows a sent field (when the names differ). */
  shownAs?: Record<string, string>;
};

type Users = { a: Caller; provider: Caller };

/** A valid Dutch IBAN, different for each `n` (a merchant holds each IBAN once). */
const dutchIban = (n: number) => {
  const bban = `ABNA${String(417164300 + n).padStart(10, '0')}`;
  const digits = [...`${bban}NL00`].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  const check = 98 - Number(BigInt(digits) % 97n);
  return `NL${String(check).padStart(2, '0')}${bban}`;
};

const tree = (then: string, otherwise: string) => ({
  if: [{ name: 'amount', operator: '>', value: '10000' }],
  then,
  else: otherwise,
});

/** The sweep's rows, one factory per update route of the OpenAPI document (the path with `{id}`). */
export const updateFixtures = async (
  app: FastifyInstance,
  db: Db,
  world: TestWorld,
  users: Users,
): Promise<Record<string, UpdateFixture>> => {
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${++n}-${Date.now().toString(36)}`;
  const create = async (who: Caller, url: string, body: Record<string, unknown>) => {
    const answer = await callAs(app, who, 'POST', url, body);
    if (answer.status !== 201 && answer.status !== 200)
      throw new Error(`creating for the sweep: POST ${url} ${answer.status} ${JSON.stringify(answer.body)}`);
    return String(answer.body.id);
  };
  const { a, provider } = users;
  // Bank accounts, pricing and settlements are screens of the 'collecting' feature.
  await db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.provider.id}, ${world.shopA.id})`,
  );
  const org = { id: world.shopA.id, merchantId: world.shopA.id };

  // Shared references: a second card processor, a middleware, a checkout design, bank accounts, a tag, schemes.
  const processorBody = (overrides: Record<string, unknown> = {}) => ({
    name: unique('Acquirer'),
    organisation: world.provider.id,
    description: 'Card acquiring',
    type: 'processor',
    provider: 'acquirerx',
    payment_product: 'card',
    user: 'kassa-account',
    details: [{ name: 'apiKey', description: 'Key', value: 'sk_test_sweep_secret_1234' }],
    ...overrides,
  });
  const secondCard = await create(provider, '/v1/processor', processorBody());
  const ideal = await create(provider, '/v1/processor', processorBody({ payment_product: 'ideal' }));
  const middleware = await create(provider, '/v1/middleware', {
    name: 'Fraud screen',
    provider: 'screen',
    organisation: world.provider.id,
  });
  const design = await create(a, '/v1/checkoutdesign', { name: 'Sweep design' });
  const bankAccount = () => create(a, '/v1/bankaccount', { holder_name: 'Shop A', iban: dutchIban(++n) });
  const otherAccount = await bankAccount();
  const tag = () => create(a, '/v1/tag', { text: unique('Tag'), colour: '#ff0000' });
  const otherTag = await tag();
  const scheme = (type: string, body: Record<string, unknown> = {}) =>
    create(provider, `/v1/pricing/${type}`, { name: unique(`Scheme ${type}`), ...body });
  const schemes = {
    revenue_scheme: await scheme('revenue'),
    cost_scheme: await scheme('cost'),
    reserve_scheme: await scheme('reserve', { reserve_bp: 500 }),
    partner_scheme: await scheme('partner'),
  };
  const pkg = () => create(provider, '/v1/package', { name: unique('Package') });
  const schedule = () => create(provider, '/v1/settlement-schedule', { name: unique('Schedule'), interval: 'weekly' });
  const [otherPackage, otherSchedule] = [await pkg(), await schedule()];
  const routing = () =>
    create(a, '/v1/routing', {
      name: unique('Cards'),
      payment_product: 'card',
      details: tree(world.processorId, secondCard),
    });
  const otherRouting = await routing();
  const profile = (overrides: Record<string, unknown> = {}) =>
    create(a, '/v1/paymentprofile', {
      name: unique('Profile'),
      display_name: 'Shop A',
      organisation: world.shopA.id,
      processors: [world.processorId],
      website: 'https://shop-a.test',
      description: 'Web shop',
      webhook_transaction_update: 'https://shop-a.test/hooks/tx',
      ...overrides,
    });
  const plan = (overrides: Record<string, unknown> = {}) =>
    create(a, '/v1/plan', {
      name: unique('Plan'),
      payment_profile: world.profileA,
      amount: 1000,
      interval: 'month',
      webhook_subscription_update: 'https://shop-a.test/hooks/sub',
      ...overrides,
    });
  const otherProfile = await profile();

  const userFixture = (who: 'a' | 'provider', url: string, organisation: string, other?: string): UpdateFixture => ({
    who,
    create: () =>
      create(users[who], url, {
        email: `${unique('person')}@test.kassa`,
        name: 'Person',
        organisation,
        roles: ['TRANSACTION_LIST'],
      }),
    values: { organisation: other, roles: ['STATISTICS_LIST'], email: `${unique('moved')}@test.kassa` },
    skip: other ? {} : { organisation: 'provider users belong to the provider organisation' },
    // An administrator's e-mail change waits for the new address to confirm it (docs/security.md).
    shownAs: { email: 'pending_email' },
  });
  const pricing = (type: string): UpdateFixture => ({
    who: 'provider',
    create: () => scheme(type, { reserve_bp: 250, description: 'Fees', valid_from: '2027-01-01' }),
    values: {
      valid_from: '2027-02-01',
      valid_to: '2028-01-01',
      currency_code: 'USD',
      reserve_bp: 300,
      rules: [{ fixed: 25 }],
    },
  });

  return {
    '/v1/user/{id}': userFixture('a', '/v1/user', world.shopA.id, world.shopASub.id),
    '/v1/psp/user/{id}': userFixture('provider', '/v1/psp/user', world.provider.id),
    '/v1/psp/welcome-mail/{id}': {
      who: 'provider',
      create: () => create(provider, '/v1/psp/welcome-mail', { name: unique('Welcome'), content: '<p>{{link}}</p>' }),
      values: { content: '<p>Hello {{name}}, {{link}}</p>' },
    },
    '/v1/plan/{id}': {
      who: 'a',
      create: () => plan({ description: 'A box', dynamic_descriptor: 'BOX' }),
      values: {
        payment_profile: otherProfile,
        checkout: design,
        statuses_subscription_update: ['ACTIVE'],
        max_billing_cycle: 12,
      },
    },
    '/v1/subscription-discount/{id}': {
      who: 'a',
      create: () => create(a, '/v1/subscription-discount', { name: unique('Discount'), type: 'percentage', amount: 1 }),
      values: { type: 'fixed_cents', amount: 0.5, duration: 3, minimum_amount: 500 },
    },
    '/v1/subscription/{id}': {
      who: 'a',
      create: async () => {
        const customer = newId('cus');
        await db.query(sql`insert into customer (id, organisation_id, merchant_id, email_address, status)
          values (${customer}, ${org.id}, ${org.merchantId}, ${`${customer}@example.test`}, 'VERIFIED')`);
        return create(a, '/v1/subscription', { customer, plan: await plan() });
      },
      values: { max_billing_cycle: 7 },
      skip: { id: 'the id of the path, repeated by the form; not a field that changes' },
    },
    '/v1/organisation/{id}': {
      who: 'provider',
      create: () =>
        create(provider, '/v1/organisation', { name: unique('Branch'), country_code: 'NL', parent: world.shopA.id }),
      values: { parent: world.shopASub.id, country_code: 'BE', street_number: '12', email: 'branch@shop-a.test' },
    },
    '/v1/processor/{id}': {
      who: 'provider',
      create: () => create(provider, '/v1/processor', processorBody({ gateway: 'direct' })),
      values: {
        payment_product: 'ideal',
        details: [{ name: 'secret', description: 'Other', value: 'sk_test_other_secret_99' }],
        processor_settlement_type: 'daily',
      },
    },
    '/v1/middleware/{id}': {
      who: 'provider',
      create: () =>
        create(provider, '/v1/middleware', { name: unique('Mw'), provider: 'x', organisation: world.provider.id }),
    },
    '/v1/paymentprofile/{id}': {
      who: 'a',
      create: async () =>
        profile({
          intelligent_routing: true,
          processors: [world.processorId, secondCard],
          routing: { card: await routing() },
        }),
      values: {
        processors: [world.processorId, secondCard, ideal],
        middleware: [middleware],
        routing: { card: otherRouting },
        bank_account: otherAccount,
        currency_code: 'USD',
      },
      // Turning the toggle off clears the routing choices (risk-config.md §4).
      derived: { intelligent_routing: ['routing'] },
    },
    '/v1/tag/{id}': { who: 'a', create: tag },
    '/v1/routing/{id}': {
      who: 'a',
      create: routing,
      values: { details: tree(secondCard, world.processorId) },
      skip: { payment_product: "a tree's processors belong to one product: a new product comes with a new tree" },
      derived: { details: ['processors'] },
    },
    '/v1/validationruleset/{id}': {
      who: 'a',
      create: async () =>
        create(a, '/v1/validationruleset', {
          name: unique('Big'),
          action: 'tag',
          tag: await tag(),
          email: 'risk@shop-a.test',
          webhook_url: 'https://shop-a.test/hooks/risk',
          rules: [{ name: 'amount', operator: '>=', value: '20000' }],
        }),
      values: {
        tag: otherTag,
        payment_profile: world.profileA,
        rules: [{ name: 'amount', operator: '>', value: '25000' }],
      },
    },
    '/v1/checkoutdesign/{id}': {
      who: 'a',
      create: () =>
        create(a, '/v1/checkoutdesign', {
          name: unique('Design'),
          number_format: 'nl_NL',
          css: 'body { color: red; }',
        }),
      values: { css: 'body { color: blue; }' },
    },
    '/v1/bankaccount/{id}': {
      who: 'a',
      create: () => create(a, '/v1/bankaccount', { holder_name: 'Shop A', iban: dutchIban(++n), description: 'Main' }),
      values: { iban: dutchIban(999), bic: 'ABNANL2A', currency_code: 'USD' },
    },
    '/v1/pricing/revenue/{id}': pricing('revenue'),
    '/v1/pricing/cost/{id}': pricing('cost'),
    '/v1/pricing/reserve/{id}': pricing('reserve'),
    '/v1/pricing/partner/{id}': pricing('partner'),
    '/v1/package/{id}': { who: 'provider', create: pkg, values: schemes },
    '/v1/settlement-schedule/{id}': { who: 'provider', create: schedule, values: { minimum_payout: 1000 } },
    '/v1/settlement-profile/{id}': {
      who: 'provider',
      // One active settlement profile per merchant and currency: each fresh one in its own currency.
      create: async () =>
        create(provider, '/v1/settlement-profile', {
          organisation: world.shopA.id,
          package: await pkg(),
          settlement_schedule: await schedule(),
          bank_account: await bankAccount(),
          currency_code: ['USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK'][n % 8],
          effective_from: '2027-01-01',
        }),
      values: {
        package: otherPackage,
        settlement_schedule: otherSchedule,
        bank_account: otherAccount,
        effective_from: '2027-03-01',
      },
    },
    '/v1/one-off/{id}': {
      who: 'provider',
      create: () =>
        create(provider, '/v1/one-off', {
          organisation: world.shopA.id,
          description: 'Terminal rental',
          amount: -2500,
          effective_date: '2027-01-01',
        }),
      values: { amount: 1500, currency_code: 'USD', effective_date: '2027-02-01' },
    },
    '/v1/terminal/{id}': {
      who: 'a',
      create: () =>
        create(a, '/v1/terminal', {
          name: 'Counter',
          serial_number: unique('SN').toUpperCase(),
          model: 'PAX A920 Pro',
          payment_profile: world.profileA,
          location: 'Front',
        }),
      values: { serial_number: unique('SNB').toUpperCase(), payment_profile: otherProfile },
    },
    '/v1/psp/merchant/{id}/configuration': {
      who: 'provider',
      create: async () => (await insertOrganisation(db, { parentId: world.provider.id, name: unique('Merchant') })).id,
      values: { mcc: '5812', statement_descriptor: 'SHOP A', max_transaction_amount: 500000, notes: 'Reviewed' },
    },
  };
};
