import { copyFileSync, writeFileSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { newSecretKey, parseSecretKey } from './lib/secret-box.ts';
import { resolveSecretKey, secretKeyFile } from './lib/secret-key-file.ts';
import { rotateSecrets } from './lib/sealed-secrets.ts';
import { migrate, openDb } from './plugins/db/index.ts';

/**
 * `npm run rotate-secret-key`: re-encrypts every stored secret with a new key in one transaction.
 * The new key is KASSA_NEW_SECRET_KEY, or a generated one. With the key file of the data directory
 * the file is replaced (the old key kept beside it); with KASSA_SECRET_KEY the new key is printed
 * to be put in place of the old one.
 */
const main = async () => {
  const config = loadConfig();
  const oldText = resolveSecretKey(config);
  const old = {
    current: parseSecretKey(oldText),
    previous: config.previousSecretKeys.map((k) => parseSecretKey(k, 'KASSA_SECRET_KEY_PREVIOUS')),
  };
  const nextText = process.env.KASSA_NEW_SECRET_KEY?.trim() || newSecretKey();
  const next = parseSecretKey(nextText, 'KASSA_NEW_SECRET_KEY');
  const db = await openDb(config);
  await migrate(db);
  const count = await rotateSecrets(db, old, next);
  await db.close();
  if (!config.secretKey && config.dataDir) {
    const file = secretKeyFile(config.dataDir);
    copyFileSync(file, `${file}.previous`);
    writeFileSync(file, `${nextText}\n`, { mode: 0o600 });
    console.log(`Re-encrypted ${count} secret value(s); the new key is in ${file} (the old one in ${file}.previous).`);
    return;
  }
  console.log(`Re-encrypted ${count} secret value(s). Set KASSA_SECRET_KEY=${nextText} on every process, and`);
  console.log('KASSA_SECRET_KEY_PREVIOUS to the old key on processes that still run with it until they restart.');
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
