import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { callAs } from '../test/call.ts';
import { createTestWorld, TEST_PASSWORD } from '../test/world.ts';
import { postLogin } from '../modules/auth/identity-test-helpers.ts';
import { decryptSecret, encryptSecret, keyIdOf, newSecretKey, parseSecretKey, useSecretKeys } from './secret-box.ts';
import { rotateSecrets, sealPlainSecrets } from './sealed-secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
});
afterAll(() => t.close());

/** Every row of every table of the database as text: where a secret in clear would show. */
const everything = async (db: Db): Promise<string> => {
  const tables = await db.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await db.query<{ dump: string | null }>(
      sql`select string_agg(t::text, chr(10)) as dump from ${sql.raw(`"${name}"`)} t`,
    );
    parts.push(row.dump ?? '');
  }
  return parts.join('\n');
};

describe('the secret box', () => {
  it('seals with AES-256-GCM under the key id, opens with that key only, and notices tampering', () => {
    const key = parseSecretKey(newSecretKey());
    const other = parseSecretKey(newSecretKey());
    const sealed = encryptSecret('JBSWY3DPEHPK3PXP', key);
    expect(sealed.split(':').slice(0, 2)).toEqual(['kse1', keyIdOf(key)]);
    expect(encryptSecret('JBSWY3DPEHPK3PXP', key)).not.toBe(sealed);
    expect(decryptSecret(sealed, { current: other, previous: [key] })).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(sealed, { current: other, previous: [] })).toThrow(/unknown key/);
    const parts = sealed.split(':');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(parts.join(':'), { current: key, previous: [] })).toThrow();
    expect(() => parseSecretKey('short')).toThrow(/32 bytes/);
  });
});

describe('secrets at rest', () => {
  it('stores no TOTP secret, API key, processor or shared credential in clear text, and rotation keeps them usable', async () => {
    const who = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const start = await callAs(t.app, who, 'POST', '/v1/profile/mfa', { type: 'google' });
    const totpSecret: string = start.body.secret;
    expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await everything(t.db)).not.toContain(totpSecret);
    expect(
      (
        await callAs(t.app, who, 'POST', '/v1/profile/mfa/confirm', {
          token: start.body.token,
          code: authenticator.generate(totpSecret),
        })
      ).status,
    ).toBe(200);

    const key = (await callAs(t.app, who, 'POST', '/v1/apikey', { name: 'Shop', roles: ['TRANSACTION_LIST'] })).body
      .key as string;
    const processorSecret = 'sk_processor_credential_8c1d';
    await t.db.query(
      sql`update processor set details = ${JSON.stringify([{ name: 'apiKey', description: 'key', value: processorSecret }])}::jsonb`,
    );
    expect(await sealPlainSecrets(t.db)).toBe(1);
    expect(await sealPlainSecrets(t.db)).toBe(0);
    // Credentials a merchant shares with the provider (share credentials) are sealed as they are written.
    const sharedSecret = 'sk_merchant_shared_91f3';
    const provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
    const [shop] = await t.db.query<{ organisation_id: string }>(
      sql`select organisation_id from app_user where email = 'a@test.kassa'`,
    );
    const asked = await callAs(t.app, provider, 'POST', '/v1/sharerequest', {
      organisation: shop.organisation_id,
      provider: 'Own acquirer',
      fields: [{ name: 'secret' }],
    });
    expect(
      (
        await callAs(t.app, who, 'POST', `/v1/sharerequest/${asked.body.id}/share`, {
          values: { secret: sharedSecret },
        })
      ).status,
    ).toBe(200);

    const dump = await everything(t.db);
    for (const secret of [totpSecret, key, key.split('_').slice(2).join('_'), processorSecret, sharedSecret])
      expect(dump).not.toContain(secret);
    expect(dump).toContain('kse1:');

    // Rotate to a new key: values are re-sealed under it, and the TOTP still signs in (with the next
    // step's code: the enrolment used this one).
    const old = parseSecretKey(t.config.secretKey as string);
    const next = parseSecretKey(newSecretKey());
    // The enrolled secret, the enrolment step's pending copy, the processor credential and the shared credential.
    expect(await rotateSecrets(t.db, { current: old, previous: [] }, next)).toBe(4);
    useSecretKeys({ current: next, previous: [] });
    try {
      const after = await everything(t.db);
      expect(after).not.toContain(`kse1:${keyIdOf(old)}:`);
      expect(after).toContain(`kse1:${keyIdOf(next)}:`);
      const login = await postLogin(t.app, 'a@test.kassa', TEST_PASSWORD);
      const second = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/mfa',
        headers: { cookie: login.cookie },
        payload: {
          username: 'a@test.kassa',
          token: login.body.mfa_token,
          code: authenticator.clone({ epoch: Date.now() + 30_000 }).generate(totpSecret),
          remember: false,
        },
      });
      expect(second.statusCode).toBe(200);
    } finally {
      useSecretKeys({ current: old, previous: [] });
    }
  });
});
