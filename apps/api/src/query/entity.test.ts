import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, fieldDrift } from './entity.ts';

const ZProbeRow = z.object({ id: z.string(), name: z.string() });
const probe = { name: 'probe', table: 'probe', tenancy: 'shared' } as const;

describe('an entity and its row schema', () => {
  it('cannot drift apart: a missing or extra field is a type error, and fieldDrift names it for the start-up check', () => {
    // @ts-expect-error `name` is in the row schema but not among the fields
    const missing = defineEntity(ZProbeRow, { ...probe, fields: { id: { type: 'id' } } });
    const extra = defineEntity(ZProbeRow, {
      ...probe,
      // @ts-expect-error `extra` is not a key of the row schema
      fields: { id: { type: 'id' }, name: { type: 'text' }, extra: { type: 'text' } },
    });
    const agreeing = defineEntity(ZProbeRow, { ...probe, fields: { id: { type: 'id' }, name: { type: 'text' } } });
    expect(fieldDrift(missing)).toEqual(['name']);
    expect(fieldDrift(extra)).toEqual(['extra']);
    expect(fieldDrift(agreeing)).toEqual([]);
  });
});
