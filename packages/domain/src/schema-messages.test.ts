import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index.ts';
import { codedIssues } from './issue-codes.ts';

/**
 * Issue 32 item 20: an error detail carries a stable code for the web to translate and an
 * English sentence for integrators. A translation key in `message` ("form_validation.required")
 * is neither: this sweep parses wrong input with every schema the domain exports and reads every
 * message the API would answer.
 */
const schemas = (Object.entries(domain) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

/** Wrong input of every shape: missing, wrong types, empty and malformed text in every field. */
const inputsFor = (schema: z.ZodType): unknown[] => {
  const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const every = (value: unknown) => Object.fromEntries(shape.map((key) => [key, value]));
  return [
    undefined,
    null,
    42,
    'x',
    [],
    {},
    every(''),
    every(' '),
    every(-1),
    every(1e12),
    every('!!'),
    every([]),
    every({}),
  ];
};

const looksLikeKey = /^[a-z][a-zA-Z]*(?:[._][a-zA-Z]+)*\.[a-zA-Z_]+$/;

describe('every domain schema answers English sentences with stable codes', () => {
  it('finds the schemas it sweeps', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('no error message is a translation key', () => {
    const keyed: string[] = [];
    for (const [name, schema] of schemas) {
      for (const input of inputsFor(schema)) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of codedIssues(result.error.issues)) {
          if (looksLikeKey.test(issue.message)) keyed.push(`${name} ${issue.path.join('.')}: ${issue.message}`);
        }
      }
    }
    expect([...new Set(keyed)]).toEqual([]);
  });

  it('a missing required text is `required` with the same sentence everywhere', () => {
    const body = domain.ZStatusUpdateCreate.safeParse({ type: 'transaction', status: 'PAID' });
    expect(body.success).toBe(false);
    const issues = codedIssues(body.error!.issues);
    expect(issues).toContainEqual(
      expect.objectContaining({ path: ['transaction'], code: 'required', message: 'This field is required' }),
    );
  });
});
