import argon2 from 'argon2';

/**
 * argon2id at OWASP's baseline (m = 19 MiB, t = 2, p = 1). A higher memory cost buys little
 * against offline attacks here and costs every API process its memory at each sign-in.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

/** Whether a stored hash was made with other parameters and should be replaced at sign-in. */
export const needsRehash = (hash: string): boolean => argon2.needsRehash(hash, ARGON2_OPTIONS);

let decoyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash it still spends the same time on a decoy, so
 * that sign-in answers equally fast for unknown and known e-mails.
 */
export const verifyPassword = async (hash: string | null | undefined, password: string): Promise<boolean> => {
  if (!hash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
};
