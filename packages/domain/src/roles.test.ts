import { describe, expect, it } from 'vitest';
import { hasAccess, isPersonOnly, person, PERSON_ONLY } from './roles.ts';

describe('the person mark on a role list', () => {
  it('changes nothing about which roles grant access', () => {
    expect(hasAccess(['USER_ALL'], person(['USER_ALL', 'APIKEY_ALL']))).toBe(true);
    expect(hasAccess(['TRANSACTION_LIST'], person(['USER_ALL', 'APIKEY_ALL']))).toBe(false);
    expect(hasAccess([], person([]))).toBe(true);
    // PSP_ALL grants merchant areas but never a PSP_SUPER-only one, marked or not.
    expect(hasAccess(['PSP_ALL'], person(['PSP_SUPER']))).toBe(false);
    expect(hasAccess(['PSP_SUPER'], person(['PSP_SUPER']))).toBe(true);
    expect(hasAccess([PERSON_ONLY], person(['USER_ALL']))).toBe(false);
  });

  it('survives joining lists, and an empty list is a person’s own', () => {
    expect(isPersonOnly([...['PSP_ALL'], ...person(['USER_ALL'])])).toBe(true);
    expect(isPersonOnly([])).toBe(true);
    expect(isPersonOnly(['USER_ALL'])).toBe(false);
  });
});
