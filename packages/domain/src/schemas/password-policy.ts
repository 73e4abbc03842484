import { z } from 'zod';

/** The password rules of portal.md §3 "Password requirements". */
export const ZPasswordRequirements = z.object({
  length: z.number().int().min(1).max(128),
  number: z.boolean(),
  uppercase: z.boolean(),
  lowercase: z.boolean(),
  special: z.boolean(),
});
export type TPasswordRequirements = z.infer<typeof ZPasswordRequirements>;
export type TPasswordRule = keyof TPasswordRequirements;

/** portal.md §9: length 12 with a digit, an uppercase and a lowercase letter and a special character. */
export const DEFAULT_PASSWORD_REQUIREMENTS: TPasswordRequirements = {
  length: 12,
  number: true,
  uppercase: true,
  lowercase: true,
  special: true,
};

/** Passwords are never truncated: longer ones are refused (SECURITY.md). */
export const PASSWORD_MAX_LENGTH = 128;

const toBase64Url = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string): string => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** The `requirements` query parameter of the update-password link: base64url JSON. */
export const encodePasswordRequirements = (
  requirements: TPasswordRequirements = DEFAULT_PASSWORD_REQUIREMENTS,
): string => toBase64Url(JSON.stringify(requirements));

/** Decodes the `requirements` parameter; anything missing or malformed falls back to the default policy. */
export const decodePasswordRequirements = (value: string | null | undefined): TPasswordRequirements => {
  if (!value) return DEFAULT_PASSWORD_REQUIREMENTS;
  try {
    const parsed = ZPasswordRequirements.partial().safeParse(JSON.parse(fromBase64Url(value)));
    return parsed.success ? { ...DEFAULT_PASSWORD_REQUIREMENTS, ...parsed.data } : DEFAULT_PASSWORD_REQUIREMENTS;
  } catch {
    return DEFAULT_PASSWORD_REQUIREMENTS;
  }
};

const RULE_TESTS: Record<Exclude<TPasswordRule, 'length'>, RegExp> = {
  number: /[0-9]/,
  uppercase: /\p{Lu}/u,
  lowercase: /\p{Ll}/u,
  special: /[^\p{L}\p{N}]/u,
};

/** Each rule of the policy with whether the password meets it, in the order the form lists them. */
export const checkPasswordRules = (
  password: string,
  requirements: TPasswordRequirements = DEFAULT_PASSWORD_REQUIREMENTS,
): { rule: TPasswordRule; met: boolean }[] => {
  const rules: { rule: TPasswordRule; met: boolean }[] = [
    { rule: 'length', met: [...password].length >= requirements.length },
  ];
  for (const rule of ['number', 'uppercase', 'lowercase', 'special'] as const) {
    if (requirements[rule]) rules.push({ rule, met: RULE_TESTS[rule].test(password) });
  }
  return rules;
};

/** The rules the password fails (empty when it meets the policy). */
export const failedPasswordRules = (password: string, requirements?: TPasswordRequirements): TPasswordRule[] =>
  checkPasswordRules(password, requirements)
    .filter((check) => !check.met)
    .map((check) => check.rule);
