import argon2 from 'argon2';

/** argon2id with the library's recommended cost (OWASP: m=19 MiB or more, t=2 or more). */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

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
