import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { secret } from '@kassa/domain';
import { MASK, maskBody, maskHeaders } from './audit-mask.ts';

describe('audit masking', () => {
  it('masks passwords, tokens and secrets at any depth, and card numbers to 6 + 4', () => {
    expect(
      maskBody({
        username: 'a',
        password: 'Secret-1!',
        nested: { api_key: 'k', token: 't', list: [{ otp: '123456' }] },
        note: 'card 4111 1111 1111 1111 used',
      }),
    ).toEqual({
      username: 'a',
      password: MASK,
      nested: { api_key: MASK, token: MASK, list: [{ otp: MASK }] },
      note: 'card 411111******1111 used',
    });
    expect(maskBody('{"card_number":"5500000000000004"}')).toEqual({ card_number: MASK });
    expect(maskBody('username=a&password=x')).toBe(`username=a&password=${MASK}`);
    expect(maskBody('')).toBeNull();
  });
  it('keeps an acquirer response code and an error code, and masks a code its schema marks secret', () => {
    const answer = { id: 'tx_1', decision: { acquirer: { code: '05' } } };
    expect(maskBody(JSON.stringify(answer))).toEqual(answer);
    expect(maskBody({ statusCode: 400, code: 'unknown_field' })).toEqual({ statusCode: 400, code: 'unknown_field' });
    expect(maskBody({ token: 't', code: '123456' }, z.object({ token: z.string(), code: secret(z.string()) }))).toEqual(
      {
        token: MASK,
        code: MASK,
      },
    );
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

  it('masks what the schema marks secret wherever it sits: arrays, records, union members, intersections, pipes', () => {
    const value = secret(z.string());
    const schema = z.object({
      label: z.string(),
      list: z.array(z.object({ name: z.string(), value })).optional(),
      record: z.record(z.string(), value),
      either: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), a: value }),
        z.object({ kind: z.literal('b'), b: z.string() }),
      ]),
      union: z.union([z.string(), z.object({ hidden: value })]),
      both: z.intersection(z.object({ x: value }), z.object({ y: z.string() })),
      piped: z
        .string()
        .transform((text) => ({ inner: text }))
        .pipe(z.object({ inner: value })),
      tuple: z.tuple([z.string(), value]),
      lazy: z.lazy(() => z.object({ deep: value.nullable() })),
    });
    const body = {
      label: 'shown',
      list: [
        { name: 'acquirer_api_key', value: 'k1' },
        { name: 'free', value: 'k2' },
      ],
      record: { private_key: 'k3', hmac_key: 'k4' },
      either: { kind: 'a', a: 'k5' },
      union: { hidden: 'k6' },
      both: { x: 'k7', y: 'shown' },
      piped: { inner: 'k8' },
      tuple: ['shown', 'k9'],
      lazy: { deep: 'k10' },
      unknown: 'kept',
    };
    expect(maskBody(body, schema)).toEqual({
      label: 'shown',
      list: [
        { name: 'acquirer_api_key', value: MASK },
        { name: 'free', value: MASK },
      ],
      record: { private_key: MASK, hmac_key: MASK },
      either: { kind: 'a', a: MASK },
      union: { hidden: MASK },
      both: { x: MASK, y: 'shown' },
      piped: { inner: MASK },
      tuple: ['shown', MASK],
      lazy: { deep: MASK },
      unknown: 'kept',
    });
    // The same as JSON text (an answer), and an empty or missing secret stays as it is.
    expect(maskBody(JSON.stringify({ record: { a: 'k' }, lazy: { deep: null }, union: '' }), schema)).toEqual({
      record: { a: MASK },
      lazy: { deep: null },
      union: '',
    });
  });
});
