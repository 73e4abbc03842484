import type { PaymentProduct } from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import { encryptSecret, hasSecretKeys } from '../lib/secret-box.ts';
import { insertUser } from '../modules/auth/user.repository.ts';
import { sql, type Queryable } from '../plugins/db/index.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { MERCHANTS, MIDDLEWARE, PROCESSORS, PROVIDER, TAGS, type MerchantSpec, type ProfileSpec } from './catalogue.ts';
import { weights, type Rng, type Weighted } from './random.ts';

const DAY = 86_400_000;

export type DemoOrg = { id: string; key: string; merchantId: string | null; countryCode: string; liveFrom: number };
export type DemoProfile = {
  id: string;
  spec: ProfileSpec;
  merchant: MerchantSpec;
  org: DemoOrg;
  merchantId: string;
  products: Weighted<PaymentProduct>;
  /** Processor id per payment product; card has two acquirers, routed by weight. */
  processorFor: Record<string, string>;
  tagIds: string[];
};
export type DemoSetup = {
  provider: DemoOrg;
  orgs: Map<string, DemoOrg>;
  profiles: DemoProfile[];
  processorIds: Record<string, string>;
};

type OrgValues = {
  key: string;
  parent: DemoOrg | null;
  name: string;
  created: number;
  liveFrom: number;
  countryCode: string;
  email?: string;
  phone?: string;
  street?: string;
  streetNumber?: string;
  postalCode?: string;
  locality?: string;
  region?: string;
  taxNumber?: string;
  features?: string[];
  mfaRequired?: 'email' | 'google';
};

const insertOrg = async (db: Queryable, rng: Rng, v: OrgValues): Promise<DemoOrg> => {
  const id = newId('org', v.created, rng);
  const type = v.parent === null ? 'provider' : v.parent.merchantId === null ? 'merchant' : 'sub';
  const merchantId = type === 'provider' ? null : type === 'merchant' ? id : (v.parent as DemoOrg).merchantId;
  const [parentRow] = v.parent
    ? await db.query<{ path: string }>(sql`select path from organisation where id = ${v.parent.id}`)
    : [{ path: '/' }];
  await db.query(sql`insert into organisation (id, parent_id, merchant_id, type, path, name, email, phone, street, street_number, postal_code, locality, region,
      country_code, tax_number, features, mfa_required, created_at, updated_at)
    values (${id}, ${v.parent?.id ?? null}, ${merchantId}, ${type}, ${`${parentRow.path}${id}/`}, ${v.name}, ${v.email ?? null}, ${v.phone ?? null},
      ${v.street ?? null}, ${v.streetNumber ?? null}, ${v.postalCode ?? null}, ${v.locality ?? null}, ${v.region ?? null}, ${v.countryCode},
      ${v.taxNumber ?? null}, ${v.features ?? []}, ${v.mfaRequired ?? null}, ${new Date(v.created)}, ${new Date(v.created)})`);
  return { id, key: v.key, merchantId, countryCode: v.countryCode, liveFrom: v.liveFrom };
};

/** The provider, its processors and middleware, the merchants with their subs, profiles, tags and users. */
export const createOrganisations = async (
  db: Queryable,
  rng: Rng,
  now: number,
  passwordHash: string,
): Promise<DemoSetup> => {
  const founded = now - 730 * DAY;
  const provider = await insertOrg(db, rng, {
    ...PROVIDER,
    key: 'provider',
    parent: null,
    created: founded,
    liveFrom: founded,
  });
  const orgs = new Map<string, DemoOrg>([['provider', provider]]);

  const processorIds: Record<string, string> = {};
  for (const [index, p] of PROCESSORS.entries()) {
    const id = newId('prc', founded + index * 3_600_000, rng);
    processorIds[p.key] = id;
    // Invented, obviously fake credentials: real ones are entered by provider staff. Sealed as they
    // are written, like the API's; only a test that generates data without keys keeps them in clear
    // (the server and `npm run demo` apply their keys first; sealPlainSecrets covers older worlds).
    const seal = (value: string) => (hasSecretKeys() ? encryptSecret(value) : value);
    const details = [
      {
        name: 'merchantAccount',
        description: 'Account at the processor',
        value: seal(`KASSA-DEMO-${p.key.toUpperCase()}`),
      },
      { name: 'apiKey', description: 'Processor API key', value: seal(`demo_${p.key}_key`) },
    ];
    await db.query(sql`insert into processor (id, organisation_id, name, description, provider, payment_product, details, created_at, updated_at)
      values (${id}, ${provider.id}, ${p.name}, ${p.description}, ${p.provider}, ${p.product}, ${JSON.stringify(details)}::jsonb,
        ${new Date(founded)}, ${new Date(founded)})`);
  }
  // Processor settlements that import the acquirers' daily settlement reports (settlement updates
  // move their `last`), in the sandbox's own layout and the settlement-details one (issue 34). Ids without the demo's random stream, so the rest of the world stays the same.
  for (const [index, name] of ['Northwind settlement reports', 'Meridian settlement reports'].entries()) {
    const lastRun = Math.floor(now / DAY) * DAY + 2 * 3_600_000 - (now % DAY < 2 * 3_600_000 ? DAY : 0);
    await db.query(sql`insert into processor (id, organisation_id, name, type, provider, processor_settlement_type, last, last_run, created_at, updated_at)
      values (${newId('prc', founded + (PROCESSORS.length + index) * 3_600_000)}, ${provider.id}, ${name}, 'processorsettlement', ${index === 0 ? 'northwind' : 'meridian'},
        ${index === 0 ? 'sandbox' : 'settlement_details'}, ${new Date(lastRun - 2 * 3_600_000)}, ${new Date(lastRun + index * 60_000)}, ${new Date(founded)}, ${new Date(founded)})`);
  }
  const middlewareIds: string[] = [];
  for (const m of MIDDLEWARE) {
    const id = newId('mw', founded, rng);
    middlewareIds.push(id);
    await db.query(sql`insert into middleware (id, organisation_id, name, provider, created_at, updated_at)
      values (${id}, ${provider.id}, ${m.name}, ${m.provider}, ${new Date(founded)}, ${new Date(founded)})`);
  }

  const profiles: DemoProfile[] = [];
  for (const spec of MERCHANTS) {
    const liveFrom = now - spec.liveDays * DAY;
    const created = liveFrom - 21 * DAY;
    const merchant = await insertOrg(db, rng, { ...spec, parent: provider, created, liveFrom });
    orgs.set(spec.key, merchant);
    for (const sub of spec.subs) {
      orgs.set(
        sub.key,
        await insertOrg(db, rng, { ...spec, ...sub, parent: merchant, created: created + DAY, liveFrom, features: [] }),
      );
    }
    const tagIds: string[] = [];
    for (const tag of TAGS) {
      const id = newId('tag', created, rng);
      tagIds.push(id);
      await db.query(
        sql`insert into tag (id, organisation_id, text, colour, created_at) values (${id}, ${merchant.id}, ${tag.text}, ${tag.colour}, ${new Date(created)})`,
      );
    }
    for (const profile of spec.profiles) {
      const org = orgs.get(profile.org) as DemoOrg;
      const id = newId('pp', created + 2 * DAY, rng);
      const processorFor: Record<string, string> = {};
      for (const p of PROCESSORS) processorFor[p.product] ??= processorIds[p.key];
      const used = Object.keys(profile.products).map((product) => processorFor[product]);
      if (profile.products.card) used.push(processorIds.meridian);
      const routing = profile.products.card
        ? {
            card: {
              type: 'split',
              targets: [
                { processor: processorIds.northwind, weight: 70 },
                { processor: processorIds.meridian, weight: 30 },
              ],
            },
          }
        : {};
      await db.query(sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name, website, currency_code, processors, middleware,
          routing, bank_account, webhook_transaction_update, created_at, updated_at)
        values (${id}, ${org.id}, ${merchant.id}, ${profile.name}, ${profile.displayName}, ${profile.website ?? null}, ${profile.currency}, ${used},
          ${middlewareIds}, ${JSON.stringify(routing)}::jsonb, ${bankAccount(rng, spec.countryCode)},
          ${profile.website ? `${profile.website}/webhooks/kassa` : null}, ${new Date(created + 2 * DAY)}, ${new Date(created + 2 * DAY)})`);
      profiles.push({
        id,
        spec: profile,
        merchant: spec,
        org,
        merchantId: merchant.id,
        tagIds,
        processorFor,
        products: weights(Object.entries(profile.products) as [PaymentProduct, number][]),
      });
    }
  }

  for (const account of DEMO_ACCOUNTS) {
    const org = orgs.get(account.org) as DemoOrg;
    await insertUser(db, {
      id: newId('usr', org.liveFrom, rng),
      organisationId: org.id,
      email: account.email,
      name: account.name,
      language: account.language,
      passwordHash,
      roles: account.roles,
    });
  }
  return { provider, orgs, profiles, processorIds };
};

/** An IBAN-shaped account number; the check digits are not meant to validate. */
const bankAccount = (rng: Rng, country: string): string =>
  country === 'GB'
    ? `GB${rng.int(10, 99)}DEMO${rng.int(100000, 999999)}${rng.int(10000000, 99999999)}`
    : `${country}${rng.int(10, 99)}DEMO${String(rng.int(0, 9_999_999_999)).padStart(10, '0')}`;
