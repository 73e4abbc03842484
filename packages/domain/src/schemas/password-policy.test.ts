import { describe, expect, it } from 'vitest';
import {
  checkPasswordRules,
  decodePasswordRequirements,
  DEFAULT_PASSWORD_REQUIREMENTS,
  encodePasswordRequirements,
  failedPasswordRules,
} from './password-policy.ts';
import { canGrantRole } from './users.ts';

describe('password requirements parameter', () => {
  it('round-trips base64url JSON without padding or unsafe characters', () => {
    const custom = { length: 16, number: true, uppercase: false, lowercase: true, special: false };
    const encoded = encodePasswordRequirements(custom);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePasswordRequirements(encoded)).toEqual(custom);
  });

  it('falls back to the default (length 12 and all four kinds) when missing or malformed', () => {
    expect(DEFAULT_PASSWORD_REQUIREMENTS).toEqual({
      length: 12,
      number: true,
      uppercase: true,
      lowercase: true,
      special: true,
    });
    expect(decodePasswordRequirements(null)).toEqual(DEFAULT_PASSWORD_REQUIREMENTS);
    expect(decodePasswordRequirements('%%%')).toEqual(DEFAULT_PASSWORD_REQUIREMENTS);
    expect(
      decodePasswordRequirements(encodePasswordRequirements({ ...DEFAULT_PASSWORD_REQUIREMENTS, length: -1 })),
    ).toEqual(DEFAULT_PASSWORD_REQUIREMENTS);
  });
});

describe('password rules', () => {
  it('lists each rule with whether it is met', () => {
    expect(checkPasswordRules('abc')).toEqual([
      { rule: 'length', met: false },
      { rule: 'number', met: false },
      { rule: 'uppercase', met: false },
      { rule: 'lowercase', met: true },
      { rule: 'special', met: false },
    ]);
    expect(failedPasswordRules('Correct-horse-9')).toEqual([]);
    expect(failedPasswordRules('Ünïcode-wörd-1')).toEqual([]);
  });
});

describe('granting roles', () => {
  it('allows only roles held, through a group or side super role, never PSP_SUPER by implication', () => {
    expect(canGrantRole(['TRANSACTION_LIST'], 'TRANSACTION_LIST')).toBe(true);
    expect(canGrantRole(['TRANSACTION_LIST'], 'REFUND_LIST')).toBe(false);
    expect(canGrantRole(['REFUND_ALL'], 'REFUND_CREATE')).toBe(true);
    expect(canGrantRole(['USER_ALL'], 'REFUND_CREATE')).toBe(true);
    expect(canGrantRole(['USER_ALL'], 'PSP_ALL')).toBe(false);
    expect(canGrantRole(['PSP_ALL'], 'PSP_USER_LIST')).toBe(true);
    expect(canGrantRole(['PSP_ALL'], 'PSP_SUPER')).toBe(false);
    expect(canGrantRole(['PSP_SUPER'], 'PSP_SUPER')).toBe(true);
  });
});
