import { describe, expect, it } from 'vitest';
import { MASK, maskBody, maskHeaders } from './audit-mask.ts';

describe('audit masking', () => {
  it('masks passwords, tokens, secrets and codes at any depth, and card numbers to 6 + 4', () => {
    expect(
      maskBody({
        username: 'a',
        password: 'Secret-1!',
        nested: { api_key: 'k', token: 't', list: [{ code: '123456' }] },
        note: 'card 4111 1111 1111 1111 used',
      }),
    ).toEqual({
      username: 'a',
      password: MASK,
      nested: { api_key: MASK, token: MASK, list: [{ code: MASK }] },
      note: 'card 411111******1111 used',
    });
    expect(maskBody('{"card_number":"5500000000000004"}')).toEqual({ card_number: MASK });
    expect(maskBody('username=a&password=x')).toBe(`username=a&password=${MASK}`);
    expect(maskBody('')).toBeNull();
  });
  it('masks credentials in headers', () => {
    expect(
      maskHeaders({ cookie: 'kassa_session=abc', authorization: 'Bearer k', 'content-type': 'application/json' }),
    ).toEqual([
      { name: 'cookie', value: MASK },
      { name: 'authorization', value: MASK },
      { name: 'content-type', value: 'application/json' },
    ]);
  });
});
