import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';
import { runForgotPasswordJobs } from '../auth/identity-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const world = await createTestWorld(t.db);
  await insertUser(t.db, {
    organisationId: world.provider.id,
    email: 'support@test.kassa',
    name: 'support',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['PSP', 'PSP_ALL'],
  });
  // The attack's first step: anyone may ask for a reset link for the provider's super user.
  const forgot = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/forgot-password',
    payload: { email: 'admin@test.kassa' },
  });
  expect(forgot.statusCode).toBe(200);
  await runForgotPasswordJobs(t);
});
afterAll(() => t.close());

const mailbox = (app = t.app, cookie?: string) =>
  app.inject({ method: 'GET', url: '/v1/dev/mailbox?to=admin@test.kassa', headers: cookie ? { cookie } : {} });

describe('the stored mailbox holds reset links, so only a provider super user reads it', () => {
  it('refuses a signed-out visitor: the reset link of the super user is not handed out', async () => {
    const response = await mailbox();
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('token=');
  });

  it('refuses a merchant user and provider staff without PSP_SUPER', async () => {
    for (const email of ['a@test.kassa', 'support@test.kassa']) {
      const response = await mailbox(t.app, (await signIn(t.app, email, TEST_PASSWORD)).cookie);
      expect(response.statusCode, email).toBe(403);
      expect(response.body).not.toContain('token=');
    }
  });

  it('shows the stored mails to a provider super user', async () => {
    const response = await mailbox(t.app, (await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD)).cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({
      to: 'admin@test.kassa',
      template: 'password_reset',
      text: expect.stringContaining('token='),
    });
  });
});

describe('where the mailbox exists', () => {
  const appWith = async (overrides: Partial<Config>) => {
    const app = await buildApp({ db: t.db, config: { ...t.config, ...overrides } });
    return { app, cookie: (await signIn(app, 'admin@test.kassa', TEST_PASSWORD)).cookie };
  };

  it('does not exist in production outside demo mode, not even for a super user', async () => {
    const { app, cookie } = await appWith({ nodeEnv: 'production', demo: false });
    const response = await mailbox(app, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    await app.close();
  });

  it('exists in demo mode in production, for a super user only', async () => {
    const { app, cookie } = await appWith({ nodeEnv: 'production', demo: true });
    expect((await mailbox(app)).statusCode).toBe(401);
    expect((await mailbox(app, cookie)).statusCode).toBe(200);
    await app.close();
  });

  it('does not exist when SMTP_URL is set: mail then leaves by SMTP and is not kept to be read', async () => {
    const { app, cookie } = await appWith({ nodeEnv: 'development', demo: true, smtpUrl: 'smtp://127.0.0.1:1' });
    expect((await mailbox(app, cookie)).statusCode).toBe(404);
    await app.close();
  });
});

describe('demo mode is never on by accident where real users are', () => {
  it('is on by default on the embedded engine, so `npm start` gives the demo world', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(true);
  });

  it('is off by default when DATABASE_URL is set', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/kassa' }).demo).toBe(false);
  });

  it('follows DEMO when it is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/kassa', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
  });
});
