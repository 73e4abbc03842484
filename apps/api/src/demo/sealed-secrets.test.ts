import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { decryptSecret, isEncryptedSecret } from '../lib/secret-box.ts';
import { applySecretKeys } from '../lib/secret-key-file.ts';
import { sealPlainSecrets } from '../lib/sealed-secrets.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { generateDemoWorld } from './world.ts';

/** Issue 33: a fresh start has no "stored in clear" step; the demo world writes its secrets sealed. */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  applySecretKeys(loadConfig({ NODE_ENV: 'test' }));
  await generateDemoWorld(db, { seed: 7, scale: 50, now: Date.UTC(2026, 10, 20, 14, 30) });
}, 120_000);
afterAll(() => db.close());

describe('the demo world with the server keys in place', () => {
  it('stores every processor credential sealed, so start-up finds nothing to encrypt', async () => {
    const rows = await db.query<{ details: Array<{ name: string; value: string }> }>(
      sql`select details from processor where details is not null and jsonb_array_length(details) > 0`,
    );
    const values = rows.flatMap((row) => row.details.map((detail) => detail.value));
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((value) => !isEncryptedSecret(value))).toEqual([]);
    expect(values.map((value) => decryptSecret(value))).toContain('KASSA-DEMO-NORTHWIND');
    expect(await sealPlainSecrets(db)).toBe(0);
  });
});
