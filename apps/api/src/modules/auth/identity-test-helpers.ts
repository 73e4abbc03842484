import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { createRunner } from '../../jobs/runner.ts';
import { sql, type Db } from '../../plugins/db/index.ts';
import { FORGOT_PASSWORD_QUEUE, registerPasswordJobs } from './password.service.ts';

/** Runs the forgot-password jobs now, as the worker would: they look the address up and mail the link. */
export const runForgotPasswordJobs = async (t: { db: Db; config: Config }): Promise<number> => {
  registerPasswordJobs();
  return createRunner(t.db, t.config, { queues: [FORGOT_PASSWORD_QUEUE] }).drain();
};

/** The newest mail to an address, read from the stored mailbox (the `mail` table). */
export const latestMail = async (
  db: Db,
  to: string,
): Promise<{ subject: string; html: string; text: string; template: string | null } | undefined> =>
  (
    await db.query<{ subject: string; html: string; text: string; template: string | null }>(
      sql`select subject, html, text, template from mail where lower(to_address) = lower(${to}) order by id desc limit 1`,
    )
  )[0];

export const mailCount = async (db: Db, to: string): Promise<number> =>
  (await db.query<{ n: number }>(sql`select count(*)::int as n from mail where lower(to_address) = lower(${to})`))[0].n;

/** The token of the link in a mail's text part. */
export const tokenFromMail = (mail: { text: string } | undefined): string => {
  const match = /token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no token in mail: ${mail?.text}`);
  return decodeURIComponent(match[1]);
};

/** The 6-digit code in an MFA mail. */
export const codeFromMail = (mail: { text: string } | undefined): string => {
  const match = /\b(\d{6})\b/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no code in mail: ${mail?.text}`);
  return match[1];
};

export const sessionCookieOf = (response: { cookies: { name: string; value: string }[] }): string => {
  const cookie = response.cookies.find((c) => c.name === 'kassa_session');
  if (!cookie) throw new Error('no session cookie');
  return `kassa_session=${cookie.value}`;
};

/** `POST /v1/auth/login` from a given address, answering status, body and the session cookie. */
export const postLogin = async (
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) => {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username, password },
    headers,
  });
  const cookie = response.cookies.find((c) => c.name === 'kassa_session');
  return {
    status: response.statusCode,
    body: response.json(),
    headers: response.headers,
    cookie: cookie ? `kassa_session=${cookie.value}` : '',
    response,
  };
};
