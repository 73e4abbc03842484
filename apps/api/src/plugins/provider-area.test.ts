import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/auth/password.ts';
import { insertUser } from '../modules/auth/user.repository.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { callAs, type Caller } from '../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { declaredRoutes } from './auth-context.ts';
import { sql } from './db/index.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let merchant: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  // A merchant's user that holds provider roles: the user service never grants them to merchants,
  // but a row written another way (an import, a user moved between organisations by hand) may.
  await insertUser(t.db, {
    organisationId: world.shopB.id,
    email: 'b-psp@test.kassa',
    name: 'b-psp',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['USER_ALL', 'PSP_ALL', 'PSP_AUDITTRAIL_LIST', 'PSP_MERCHANT_LIST'],
  });
  merchant = await signIn(t.app, 'b-psp@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('the provider area of the API (risk-config.md §2.2, payments.md §6)', () => {
  it('refuses a merchant user on every /v1/psp/ route whatever roles it holds, and records the refusal', async () => {
    for (const path of ['/v1/psp/merchant', '/v1/psp/audittrail', '/v1/psp/user', '/v1/psp/welcome-mail']) {
      const refused = await callAs(t.app, merchant, 'GET', path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe('forbidden');
      expect((await callAs(t.app, provider, 'GET', path)).status, path).toBe(200);
    }
    const [audit] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where type = 'authorisation_refused' and url = '/v1/psp/merchant'`,
    );
    expect(audit.count).toBeGreaterThan(0);
  });

  it('marks every /v1/psp/ route as the provider area from its path, so a new one cannot forget it', () => {
    const provided = declaredRoutes(t.app).filter((route) => route.url.startsWith('/v1/psp/'));
    expect(provided.length).toBeGreaterThan(10);
    for (const route of provided)
      expect(route.access, `${route.method} ${route.url}`).toMatchObject({ area: 'provider' });
  });

  it('keeps the shared calls behind the provider screens in the merchant user’s own scope', async () => {
    // /psp/riskrules, /psp/transactions read `ruleset` and `transaction`: open to merchants, scoped to them.
    expect((await callAs(t.app, merchant, 'GET', '/v1/transaction')).status).toBe(200);
    const rulesets = await callAs(t.app, merchant, 'GET', '/v1/validationruleset?_populate=organisation');
    expect(rulesets.status).toBe(200);
    for (const row of rulesets.body as { organisation: { id: string } }[])
      expect(row.organisation.id).toBe(world.shopB.id);
  });
});
