import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowSerializerCompiler, trustedRows } from './row-serializer.ts';

const appWith = async (checkAnswers: boolean) => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(rowSerializerCompiler(checkAnswers));
  const row = z.object({ id: z.string(), at: z.date() });
  const rows = [{ id: 'a', at: new Date('2026-01-02T03:04:05.000Z'), extra: 1 }];
  app.get('/trusted', { schema: { response: { 200: trustedRows(z.array(row)) } } }, () => rows);
  app.get('/checked', { schema: { response: { 200: z.array(row) } } }, () => rows);
  await app.ready();
  return app;
};

describe('the row serializer', () => {
  it('checks every answer against its schema while answers are checked (tests, development)', async () => {
    const app = await appWith(true);
    expect((await app.inject('/trusted')).json()).toEqual([{ id: 'a', at: '2026-01-02T03:04:05.000Z' }]);
    expect((await app.inject('/checked')).json()).toEqual([{ id: 'a', at: '2026-01-02T03:04:05.000Z' }]);
  });

  it('sends trusted lists as JSON.stringify makes them in production, and checks the rest', async () => {
    const app = await appWith(false);
    expect((await app.inject('/trusted')).json()).toEqual([{ id: 'a', at: '2026-01-02T03:04:05.000Z', extra: 1 }]);
    expect((await app.inject('/checked')).json()).toEqual([{ id: 'a', at: '2026-01-02T03:04:05.000Z' }]);
  });
});
