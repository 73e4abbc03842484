// Runs on both engines: issue 35 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_NOTE_HEADER } from '@kassa/domain';
import { decryptSecret } from '../../lib/secret-box.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, signInTestUsers, type Caller } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';

/**
 * Issue 35: the bank account, settlement profile and processor forms under the policy. Each call
 * is the body the web form sends (apps/web: bank-account-drawer, finance-drawer, processor-drawer):
 * without the note it is refused on the note's header, with it it waits and changes nothing, and
 * the second person's approval applies exactly it.
 */

let t: TestApp;
let world: TestWorld;
let a: Caller;
let a2: Caller;
let provider: Caller;
let provider2: Caller;

const note = { [CHANGE_NOTE_HEADER]: encodeURIComponent('Nieuwe rekening — één bank') };
const as = (who: Caller, method: 'GET' | 'POST', url: string, body?: unknown, headers = {}) =>
  callAs(t.app, who, method, url, body, headers);
const setPolicy = async (kinds: string[], organisation: string, who: Caller) => {
  const answer = await as(who, 'POST', '/v1/changepolicy', { organisation, kinds });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
const approve = (who: Caller, id: string) => as(who, 'POST', `/v1/changerequest/${id}/approve`, { comment: 'ok' });
/** The form's call: refused without a note (on the note's header), waiting (202) with it. */
const asked = async (who: Caller, url: string, body: unknown) => {
  const refused = await as(who, 'POST', url, body);
  expect([refused.status, refused.body.code]).toEqual([400, 'change_note_required']);
  expect(errorPaths(refused.body)).toEqual([`headers.${CHANGE_NOTE_HEADER}`]);
  const answer = await as(who, 'POST', url, body, note);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  expect(answer.body).toMatchObject({ status: 'pending', change_request: expect.stringMatching(/^chr_/) });
  return answer.body.change_request as string;
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  const hash = await hashPassword(TEST_PASSWORD);
  await insertUser(t.db, {
    organisationId: world.shopA.id,
    email: 'a2@test.kassa',
    name: 'Second person',
    passwordHash: hash,
    roles: ['USER_ALL'],
  });
  await insertUser(t.db, {
    organisationId: world.provider.id,
    email: 'admin2@test.kassa',
    name: 'Second admin',
    passwordHash: hash,
    roles: ['PSP', 'PSP_ALL'],
  });
  a2 = await signIn(t.app, 'a2@test.kassa', TEST_PASSWORD);
  provider2 = await signIn(t.app, 'admin2@test.kassa', TEST_PASSWORD);
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.provider.id}, ${world.shopA.id})`,
  );
});
afterAll(() => t.close());

describe('the bank account form', () => {
  // What the drawer sends: every field of the form, empty ones as ''.
  const form = (holder: string, iban: string) => ({
    holder_name: holder,
    iban,
    bic: '',
    currency_code: 'EUR',
    description: '',
  });
  beforeAll(() => setPolicy(['bankaccount'], world.shopA.id, a));
  afterAll(() => setPolicy([], world.shopA.id, a));

  it('creates nothing until a second person approves; then the account exists once', async () => {
    const id = await asked(a, '/v1/bankaccount', form('Shop A payouts', 'NL91 ABNA 0417 1643 00'));
    const accounts = async () =>
      (await as(a, 'GET', '/v1/bankaccount?holder_name=Shop%20A%20payouts')).body as { iban: string }[];
    expect(await accounts()).toEqual([]);
    expect((await as(a2, 'GET', `/v1/changerequest/${id}`)).body).toMatchObject({
      kind: 'bankaccount',
      action: 'create',
      note: 'Nieuwe rekening — één bank',
      requested_by_name: 'a',
    });
    expect((await approve(a2, id)).status).toBe(200);
    expect((await accounts()).map((x) => x.iban)).toEqual(['NL91ABNA0417164300']);
  });

  it('edits an account only once approved', async () => {
    await setPolicy([], world.shopA.id, a);
    const made = await as(a, 'POST', '/v1/bankaccount', form('Edit me', 'DE89370400440532013000'));
    expect(made.status).toBe(201);
    await setPolicy(['bankaccount'], world.shopA.id, a);
    const id = await asked(a, `/v1/bankaccount/${made.body.id}`, form('Edit me', 'GB82WEST12345698765432'));
    expect((await as(a, 'GET', `/v1/bankaccount/${made.body.id}`)).body.iban).toBe('DE89370400440532013000');
    expect((await as(a2, 'GET', `/v1/changerequest/${id}`)).body.diff).toContainEqual({
      path: 'iban',
      before: 'DE89370400440532013000',
      after: 'GB82WEST12345698765432',
    });
    expect((await approve(a2, id)).status).toBe(200);
    expect((await as(a, 'GET', `/v1/bankaccount/${made.body.id}`)).body.iban).toBe('GB82WEST12345698765432');
  });
});

describe('the settlement profile form', () => {
  it('edits a profile only once approved', async () => {
    const pkg = await as(provider, 'POST', '/v1/package', { name: 'Webshop' });
    const weekly = await as(provider, 'POST', '/v1/settlement-schedule', { name: 'Weekly', interval: 'weekly' });
    const daily = await as(provider, 'POST', '/v1/settlement-schedule', { name: 'Daily', interval: 'daily' });
    const account = await as(a, 'POST', '/v1/bankaccount', {
      holder_name: 'Shop A',
      iban: 'FR1420041010050500013M02606',
    });
    expect([pkg.status, weekly.status, daily.status, account.status]).toEqual([201, 201, 201, 201]);
    const values = {
      package: pkg.body.id,
      settlement_schedule: weekly.body.id,
      bank_account: account.body.id,
      currency_code: 'EUR',
      effective_from: '2026-01-01',
      active: true,
    };
    const made = await as(provider, 'POST', '/v1/settlement-profile', { ...values, organisation: world.shopA.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await setPolicy(['settlement-profile'], world.shopA.id, a);
    // The drawer sends the form's values on an edit (the currency only on a create).
    const { currency_code: _currency, ...edit } = values;
    const id = await asked(provider, `/v1/settlement-profile/${made.body.id}`, {
      ...edit,
      settlement_schedule: daily.body.id,
    });
    const schedule = async () =>
      (await as(provider, 'GET', `/v1/settlement-profile/${made.body.id}`)).body.settlement_schedule;
    expect(await schedule()).toBe(weekly.body.id);
    expect((await approve(provider, id)).body.code).toBe('self_approval');
    expect((await approve(provider2, id)).status).toBe(200);
    expect(await schedule()).toBe(daily.body.id);
    await setPolicy([], world.shopA.id, a);
  });
});

describe('the processor form', () => {
  let processor: string;
  const secrets = async () =>
    (
      await t.db.query<{ details: { name: string; value: string }[] }>(
        sql`select details from processor where id = ${processor}`,
      )
    )[0].details.map((d) => `${d.name}=${decryptSecret(d.value)}`);
  beforeAll(async () => {
    const made = await as(provider, 'POST', '/v1/processor', {
      name: 'Acquirer Y',
      organisation: world.provider.id,
      description: 'Cards',
      type: 'processor',
      payment_product: 'card',
      provider: 'sandbox',
      gateway: 'direct',
      user: 'merchant-1',
      active: true,
      details: [
        { name: 'api_key', description: 'Key', value: 'first-secret-value' },
        { name: 'hmac', description: 'Signing', value: 'second-secret-value' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    processor = made.body.id;
    await setPolicy(['processor'], world.provider.id, provider);
  });
  afterAll(() => setPolicy([], world.provider.id, provider));

  it('the whole form: a value left empty keeps the stored one, the new one applies once approved', async () => {
    const id = await asked(provider, `/v1/processor/${processor}`, {
      name: 'Acquirer Y',
      description: 'Cards',
      provider: 'sandbox',
      gateway: 'direct',
      user: 'merchant-2',
      payment_product: 'card',
      active: true,
      details: [
        { name: 'api_key', description: 'Key' },
        { name: 'hmac', description: 'Signing', value: 'rotated-secret-value' },
      ],
    });
    expect(await secrets()).toEqual(['api_key=first-secret-value', 'hmac=second-secret-value']);
    const request = (await as(provider2, 'GET', `/v1/changerequest/${id}`)).body;
    expect(JSON.stringify(request)).not.toContain('rotated-secret-value');
    expect((await approve(provider2, id)).status).toBe(200);
    expect(await secrets()).toEqual(['api_key=first-secret-value', 'hmac=rotated-secret-value']);
    expect((await as(provider, 'GET', `/v1/processor/${processor}`)).body.user).toBe('merchant-2');
  });

  it('the values only (a merchant’s context) wait as well', async () => {
    const id = await asked(provider, `/v1/processor/${processor}/values`, {
      details: [{ name: 'api_key', value: 'merchant-context-secret' }],
    });
    expect(await secrets()).toEqual(['api_key=first-secret-value', 'hmac=rotated-secret-value']);
    expect((await approve(provider2, id)).status).toBe(200);
    expect(await secrets()).toEqual(['api_key=merchant-context-secret', 'hmac=rotated-secret-value']);
  });
});
