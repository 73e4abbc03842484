import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (SECURITY.md): processor credentials, webhook signing secrets and TOTP secrets
 * are stored as `kse1:<key id>:<iv>:<tag>:<ciphertext>` (AES-256-GCM, base64url parts). The key id
 * (first 8 hex digits of the key's SHA-256) says which key sealed a value, so a rotation can
 * read with the previous key while it re-encrypts with the new one.
 */
const PREFIX = 'kse1';
const KEY_BYTES = 32;

export type SecretKeyRing = { current: Buffer; previous: Buffer[] };

let ring: SecretKeyRing | undefined;

export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A key as written in KASSA_SECRET_KEY or the data directory's key file: 64 hex digits or base64 of 32 bytes. */
export const parseSecretKey = (text: string, name = 'KASSA_SECRET_KEY'): Buffer => {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error(`${name} must be 32 bytes, as 64 hex digits or base64 (generate one with: openssl rand -hex 32)`);
  return key;
};

export const newSecretKey = (): string => randomBytes(KEY_BYTES).toString('hex');

/** Sets the keys this process seals and opens secrets with (done once at start-up, from configuration). */
export const useSecretKeys = (keys: SecretKeyRing) => {
  ring = keys;
};

/** Whether this process has its keys yet (a test that only generates data may have none). */
export const hasSecretKeys = (): boolean => ring !== undefined;

const keys = (): SecretKeyRing => {
  if (!ring) throw new Error('No secret key configured (KASSA_SECRET_KEY)');
  return ring;
};

/**
 * A keyed fingerprint of a value that must be matched but never stored (a card number): HMAC-SHA256
 * under a key derived from the current secret key for this purpose, so it cannot be reversed or
 * checked against a list of numbers without the key. A key rotation starts new fingerprints, which
 * only forgets short-lived counts.
 */
export const keyedFingerprint = (purpose: string, value: string): string =>
  createHmac('sha256', createHmac('sha256', keys().current).update(`kassa:${purpose}`).digest())
    .update(value)
    .digest('base64url');

export const isEncryptedSecret = (value: string): boolean => value.startsWith(`${PREFIX}:`);

/** Seals a secret with the current key; a fresh IV each time, so equal secrets differ in storage. */
export const encryptSecret = (plain: string, key: Buffer = keys().current): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    PREFIX,
    keyIdOf(key),
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join(':');
};

/** Opens a sealed secret with whichever configured key sealed it; a value sealed by an unknown key is an error. */
export const decryptSecret = (sealed: string, ringOverride?: SecretKeyRing): string => {
  const [prefix, keyId, iv, tag, body] = sealed.split(':');
  if (prefix !== PREFIX || !body) throw new Error('Not an encrypted secret');
  const { current, previous } = ringOverride ?? keys();
  const key = [current, ...previous].find((candidate) => keyIdOf(candidate) === keyId);
  if (!key)
    throw new Error(`Secret sealed with an unknown key (${keyId}); set KASSA_SECRET_KEY_PREVIOUS to the old key`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
};

/** The last four characters behind dots: what a screen may show of a stored secret. */
export const maskSecret = (plain: string): string => `••••${plain.length > 8 ? plain.slice(-4) : ''}`;
