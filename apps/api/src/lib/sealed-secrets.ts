import { sql, type Db, type Queryable } from '../plugins/db/index.ts';
import { decryptSecret, encryptSecret, isEncryptedSecret, type SecretKeyRing } from './secret-box.ts';

/**
 * Every place a secret is stored encrypted. A text column holds one sealed value; a json column
 * holds a list of `{ value }` entries (processor details). Add a line here for a new secret, so the
 * start-up sealing and the key rotation cover it.
 */
export const SEALED_COLUMNS: ReadonlyArray<{
  table: string;
  key: string;
  column: string;
  shape: 'text' | 'detail-list';
}> = [
  { table: 'app_user', key: 'id', column: 'totp_secret', shape: 'text' },
  { table: 'mfa_challenge', key: 'token_hash', column: 'pending_secret', shape: 'text' },
  { table: 'processor', key: 'id', column: 'details', shape: 'detail-list' },
  { table: 'share_request', key: 'id', column: 'fields', shape: 'detail-list' },
  { table: 'webhook_endpoint', key: 'id', column: 'secret', shape: 'text' },
  { table: 'webhook_endpoint', key: 'id', column: 'previous_secret', shape: 'text' },
];

type Reseal = (value: string) => string | null;

const resealDetails = (details: Array<Record<string, unknown>>, reseal: Reseal) => {
  let changed = false;
  const next = details.map((detail) => {
    if (typeof detail.value !== 'string' || detail.value === '') return detail;
    const value = reseal(detail.value);
    if (value === null) return detail;
    changed = true;
    return { ...detail, value };
  });
  return changed ? next : null;
};

/** Applies `reseal` (null = leave as is) to every stored secret; returns how many values changed. */
const resealAll = async (db: Queryable, reseal: Reseal): Promise<number> => {
  let changed = 0;
  for (const { table, key, column, shape } of SEALED_COLUMNS) {
    const rows = await db.query<{ key: string; value: unknown }>(
      sql`select ${sql.raw(key)} as key, ${sql.raw(column)} as value from ${sql.raw(table)} where ${sql.raw(column)} is not null`,
    );
    for (const row of rows) {
      let next: unknown = null;
      if (shape === 'text') next = reseal(row.value as string);
      else if (Array.isArray(row.value)) {
        const details = resealDetails(row.value as Array<Record<string, unknown>>, reseal);
        next = details && JSON.stringify(details);
      }
      if (next === null) continue;
      const value = shape === 'text' ? sql`${next}` : sql`${next}::jsonb`;
      await db.query(
        sql`update ${sql.raw(table)} set ${sql.raw(column)} = ${value} where ${sql.raw(key)} = ${row.key}`,
      );
      changed++;
    }
  }
  return changed;
};

/** Encrypts any secret still stored in clear (the demo world, rows from before encryption); safe to repeat. */
export const sealPlainSecrets = (db: Db): Promise<number> =>
  db.transaction((tx) => resealAll(tx, (value) => (isEncryptedSecret(value) ? null : encryptSecret(value))));

/** Re-encrypts every secret with `next`, reading with the old ring; all or nothing. */
export const rotateSecrets = (db: Db, old: SecretKeyRing, next: Buffer): Promise<number> =>
  db.transaction((tx) =>
    resealAll(tx, (value) => encryptSecret(isEncryptedSecret(value) ? decryptSecret(value, old) : value, next)),
  );
