import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../plugins/db/index.ts';
import { openTestDb } from './engine.ts';

export type TestApp = { app: FastifyInstance; db: Db; config: Config; close: () => Promise<void> };

/** The real app on a fresh database, driven through `app.inject`. */
export const createTestApp = async (overrides: Partial<Config> = {}): Promise<TestApp> => {
  const db = await openTestDb();
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { webDist: '/nonexistent', demo: false, inProcessWorker: false, ...overrides },
  );
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
};

/** Signs in through the real endpoint and returns the cookie header for later requests. */
export const signIn = async (app: FastifyInstance, email: string, password: string): Promise<{ cookie: string }> => {
  const response = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'kassa_session');
  if (!cookie) throw new Error('no session cookie');
  return { cookie: `kassa_session=${cookie.value}` };
};
