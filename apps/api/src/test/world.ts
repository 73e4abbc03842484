import { hashPassword } from '../modules/auth/password.ts';
import { insertUser } from '../modules/auth/user.repository.ts';
import { insertOrganisation } from '../modules/settings/organisation.repository.ts';
import { newId } from '../lib/ids.ts';
import { sql, type Db } from '../plugins/db/index.ts';

export const TEST_PASSWORD = 'Test-password-2026!';
let passwordHash: Promise<string> | undefined;

/** A small world for API tests: the provider, two merchants (one with a sub-organisation), users. */
export const createTestWorld = async (db: Db) => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const provider = await insertOrganisation(db, { parentId: null, name: 'Kassa PSP' });
  const shopA = await insertOrganisation(db, { parentId: provider.id, name: 'Shop A' });
  const shopASub = await insertOrganisation(db, { parentId: shopA.id, name: 'Shop A Outlet' });
  const shopB = await insertOrganisation(db, { parentId: provider.id, name: 'Shop B' });
  const user = (organisationId: string, email: string, roles: string[]) =>
    insertUser(db, { organisationId, email, name: email.split('@')[0], passwordHash: hash, roles });
  await user(provider.id, 'admin@test.kassa', ['PSP', 'PSP_ALL', 'PSP_SUPER']);
  await user(shopA.id, 'a@test.kassa', ['USER_ALL']);
  await user(shopASub.id, 'a-sub@test.kassa', ['USER_ALL']);
  await user(shopA.id, 'a-analyst@test.kassa', ['TRANSACTION_LIST', 'STATISTICS_LIST']);
  await user(shopA.id, 'a-norole@test.kassa', []);
  await user(shopB.id, 'b@test.kassa', ['USER_ALL']);
  const [processor] = await db.query<{
    id: string;
  }>(sql`insert into processor (id, organisation_id, name, provider, payment_product)
    values (${newId('prc')}, ${provider.id}, 'Sandbox cards', 'sandbox', 'card') returning id`);
  const profile = async (org: { id: string; merchantId: string | null }, name: string) => {
    const id = newId('pp');
    await db.query(sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name, processors)
      values (${id}, ${org.id}, ${org.merchantId}, ${name}, ${name}, ${[processor.id]})`);
    return id;
  };
  return {
    provider,
    shopA,
    shopASub,
    shopB,
    processorId: processor.id,
    profileA: await profile(shopA, 'Shop A web'),
    profileASub: await profile(shopASub, 'Outlet'),
    profileB: await profile(shopB, 'Shop B web'),
  };
};

export type TestWorld = Awaited<ReturnType<typeof createTestWorld>>;

let sequence = 0;
/** Inserts a transaction with sensible defaults; returns its id. */
export const insertTestTransaction = async (
  db: Db,
  org: { id: string; merchantId: string | null },
  profileId: string,
  values: Partial<{
    amount: number;
    status: string;
    createdAt: Date;
    reference: string;
    customerId: string;
    product: string;
    tags: string[];
    blocked: boolean;
    currency: string;
  }> = {},
): Promise<string> => {
  const created = values.createdAt ?? new Date(Date.now() - ++sequence * 60_000);
  const id = newId('tx', created.getTime());
  await db.query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, customer_id, merchant_reference, amount, currency_code,
      payment_product_type, status, tags, blocked, created_at, updated_at)
    values (${id}, ${org.id}, ${org.merchantId}, ${profileId}, ${values.customerId ?? null}, ${values.reference ?? `REF-${sequence}`}, ${values.amount ?? 1000},
      ${values.currency ?? 'EUR'}, ${values.product ?? 'card'}, ${values.status ?? 'SETTLEMENT_COMPLETED'}, ${values.tags ?? []}, ${values.blocked ?? false}, ${created}, ${created})`);
  return id;
};
