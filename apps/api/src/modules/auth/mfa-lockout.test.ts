import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';
import { codeFromMail, latestMail, postLogin } from './identity-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
});
afterAll(() => t.close());

const EMAIL = 'b@test.kassa';
const post = async (url: string, payload: object, cookie: string) => {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  return { status: response.statusCode, body: response.json() };
};
/** A sign-in that reaches the second step, with the code mailed for it. */
const startSignIn = async () => {
  const login = await postLogin(t.app, EMAIL, TEST_PASSWORD);
  const mail = await latestMail(t.db, EMAIL);
  return { ...login, code: codeFromMail(mail) };
};
const sendCode = (login: { cookie: string; body: { mfa_token: string } }, code: string) =>
  post('/v1/auth/mfa', { username: EMAIL, token: login.body.mfa_token, code, remember: false }, login.cookie);
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const failures = async () =>
  (await t.db.query<{ n: number }>(sql`select mfa_failures as n from app_user where email = ${EMAIL}`))[0].n;

describe('wrong second-factor codes across sign-ins (issue 30 item 4)', () => {
  beforeAll(async () => {
    const who = await signIn(t.app, EMAIL, TEST_PASSWORD);
    const start = await post('/v1/profile/mfa', { type: 'email' }, who.cookie);
    const code = codeFromMail(await latestMail(t.db, EMAIL));
    expect((await post('/v1/profile/mfa/confirm', { token: start.body.token, code }, who.cookie)).status).toBe(200);
  });

  it('a right code sets the count of wrong ones back to 0', async () => {
    const first = await startSignIn();
    for (let i = 0; i < 4; i++) expect((await sendCode(first, wrongFor(first.code))).status).toBe(400);
    const second = await startSignIn();
    for (let i = 0; i < 4; i++) expect((await sendCode(second, wrongFor(second.code))).status).toBe(400);
    expect(await failures()).toBe(8);
    expect((await sendCode(second, second.code)).status).toBe(200);
    expect(await failures()).toBe(0);
  });

  it('locks the account after 10 wrong codes in a row: the right code is refused, the user is mailed', async () => {
    // A sign-in left waiting at its second step: its right code must not work once locked.
    const waiting = await startSignIn();
    const answers: number[] = [];
    let lockedAnswer: { status: number; body: { code: string } } | undefined;
    // The reproduction: 12 sign-ins × 5 wrong codes.
    for (let signIn = 0; signIn < 12 && !lockedAnswer; signIn++) {
      const login = await startSignIn();
      if (login.status !== 200) break;
      for (let i = 0; i < 5; i++) {
        const wrong = await sendCode(login, wrongFor(login.code));
        answers.push(wrong.status);
        if (wrong.status === 401) {
          lockedAnswer = wrong;
          break;
        }
      }
    }
    expect(answers).toEqual([...Array(9).fill(400), 401]);
    expect(lockedAnswer?.body.code).toBe('account_locked');
    // The right code of the waiting sign-in is refused while the lock lasts.
    const right = await sendCode(waiting, waiting.code);
    expect(right.status).toBe(401);
    expect(right.body.code).toBe('account_locked');
    // A new sign-in is refused at the password, exactly like the password lock answers.
    const again = await postLogin(t.app, EMAIL, TEST_PASSWORD);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('invalid_credentials');
    const [lock] = await t.db.query<{ minutes: number }>(
      sql`select round(extract(epoch from locked_until - now()) / 60)::int as minutes from app_user where email = ${EMAIL}`,
    );
    expect(lock.minutes).toBe(30);
    const mail = await latestMail(t.db, EMAIL);
    expect(mail?.template).toBe('mfa_codes_failing');
    expect(mail?.text).toContain('10');
    expect(
      await t.db.query(sql`select 1 from audit_log where type = 'account_locked' and detail->>'mfa_failures' = '10'`),
    ).toHaveLength(1);

    // Once the lock has run out, a right code signs in and the count starts again.
    await t.db.query(sql`update app_user set locked_until = now() - interval '1 second' where email = ${EMAIL}`);
    const later = await startSignIn();
    expect((await sendCode(later, later.code)).status).toBe(200);
    expect(await failures()).toBe(0);
  });
});

describe('wrong authenticator (TOTP) codes across sign-ins', () => {
  const USER = 'a@test.kassa';
  let secret = '';
  /** The TOTP code `steps` steps of 30 s from now (the server accepts one step either side). */
  const totpAt = (steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
  const wrong = () => {
    const valid = new Set([-1, 0, 1].map(totpAt));
    return ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code))!;
  };
  const send = (login: { cookie: string; body: { mfa_token: string } }, code: string) =>
    post('/v1/auth/mfa', { username: USER, token: login.body.mfa_token, code, remember: false }, login.cookie);

  beforeAll(async () => {
    const who = await signIn(t.app, USER, TEST_PASSWORD);
    const start = await post('/v1/profile/mfa', { type: 'google' }, who.cookie);
    secret = start.body.secret;
    expect(
      (await post('/v1/profile/mfa/confirm', { token: start.body.token, code: totpAt() }, who.cookie)).status,
    ).toBe(200);
  });

  it('locks after 10 wrong codes over 2 sign-ins and refuses the right code while locked', async () => {
    const waiting = await postLogin(t.app, USER, TEST_PASSWORD);
    const statuses: number[] = [];
    for (let signIn = 0; signIn < 2; signIn++) {
      const login = await postLogin(t.app, USER, TEST_PASSWORD);
      for (let i = 0; i < 5; i++) statuses.push((await send(login, wrong())).status);
    }
    expect(statuses).toEqual([...Array(9).fill(400), 401]);
    const right = await send(waiting, totpAt(1));
    expect(right.status).toBe(401);
    expect(right.body.code).toBe('account_locked');
    expect((await latestMail(t.db, USER))?.template).toBe('mfa_codes_failing');
  });
});
