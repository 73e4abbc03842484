import { readFileSync } from 'node:fs';
import { DEFAULT_PASSWORD_REQUIREMENTS, failedPasswordRules } from '@kassa/domain';
import { HttpError } from '../../lib/http-error.ts';

let common: Set<string> | undefined;

/** The shipped list of common breached passwords (no network at run time), lower-cased. */
const commonPasswords = (): Set<string> => {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.trim().toLowerCase()),
  );
  return common;
};

/**
 * True when the password is on the list, also after the cosmetic changes people make to meet a
 * policy: other capitals and special characters added at the end ("Qwerty123456!").
 */
export const isLeakedPassword = (password: string): boolean => {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  return list.has(lower) || list.has(lower.replace(/[^\p{L}\p{N}]+$/u, ''));
};

/** Refuses a password that breaks the policy or is a known breached one, naming `body.password`. */
export const assertAcceptablePassword = (password: string, path = 'body.password'): void => {
  const failed = failedPasswordRules(password, DEFAULT_PASSWORD_REQUIREMENTS);
  if (failed.length) {
    throw new HttpError(400, 'validation_error', `The password does not meet the requirements: ${failed.join(', ')}`, [
      { path, message: `password_requirements: ${failed.join(', ')}` },
    ]);
  }
  if (isLeakedPassword(password)) {
    throw new HttpError(400, 'password_leaked', 'This password appears in lists of leaked passwords; choose another', [
      { path, message: 'password leaked' },
    ]);
  }
};
