import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { secret } from '@kassa/domain';
import { HttpError } from '../lib/http-error.ts';
import { registerErrorHandling } from './errors.ts';
import { logOptions } from './logging.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

/** A route whose code quotes what it was sent, as a careless message or a database error does. */
const buildEchoApp = () => {
  const app = Fastify({ logger: { ...logOptions({ nodeEnv: 'test', logLevel: 'trace' }), stream: capture } });
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  const body = z.object({ name: z.string(), credentials: z.array(z.object({ value: secret(z.string()) })) });
  app.withTypeProvider<ZodTypeProvider>().post('/echo', { schema: { body } }, async (request) => {
    const value = request.body.credentials[0].value;
    throw new HttpError(400, 'validation_error', `Refused ${value} for ${request.body.name}`, [
      { path: 'body.credentials.0.value', message: `not ${value}` },
    ]);
  });
  app.withTypeProvider<ZodTypeProvider>().post('/boom', { schema: { body } }, async (request) => {
    throw new Error(
      `duplicate key value violates unique constraint: Key (value)=(${request.body.credentials[0].value})`,
    );
  });
  return app;
};

describe('error answers and logged errors', () => {
  it('never carry a value the body schema marks secret', async () => {
    const app = buildEchoApp();
    const value = 'acq_live_4f9e2c1d8b7a';
    const payload = { name: 'visible-name', credentials: [{ value }] };
    const echoed = await app.inject({ method: 'POST', url: '/echo', payload });
    expect(echoed.statusCode).toBe(400);
    expect(echoed.body).not.toContain(value);
    expect(echoed.json()).toMatchObject({
      message: 'Refused ******** for visible-name',
      details: [{ path: 'body.credentials.0.value', message: 'not ********' }],
    });
    const boom = await app.inject({ method: 'POST', url: '/boom', payload });
    expect(boom.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('Key (value)=(********)');
    expect(logged).not.toContain(value);
    await app.close();
  });
});
