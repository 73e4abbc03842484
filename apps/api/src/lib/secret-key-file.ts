import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { newSecretKey, parseSecretKey, useSecretKeys } from './secret-box.ts';

export const secretKeyFile = (dataDir: string) => join(dataDir, 'kassa-secret.key');

/**
 * The key that encrypts secrets at rest: KASSA_SECRET_KEY, else (outside production with
 * PostgreSQL) the key file in the data directory, generated on first start (mode 0600).
 * Production on PostgreSQL must name the key: several processes need the same one.
 */
export const resolveSecretKey = (config: Config): string => {
  if (config.secretKey) return config.secretKey;
  if (config.databaseUrl && config.nodeEnv === 'production') {
    throw new Error(
      'KASSA_SECRET_KEY is required in production with DATABASE_URL (generate one with: openssl rand -hex 32)',
    );
  }
  if (!config.dataDir) throw new Error('KASSA_SECRET_KEY or DATA_DIR is needed to encrypt secrets at rest');
  const file = secretKeyFile(config.dataDir);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${newSecretKey()}\n`, { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
};

/** Puts this process's key ring in place: the current key and any previous ones still readable. */
export const applySecretKeys = (config: Config) => {
  useSecretKeys({
    current: parseSecretKey(config.secretKey ?? resolveSecretKey(config)),
    previous: config.previousSecretKeys.map((key) => parseSecretKey(key, 'KASSA_SECRET_KEY_PREVIOUS')),
  });
};
