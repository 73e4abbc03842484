import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDb } from '../test/engine.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import type { Db } from './db/index.ts';
import { maskUrl } from './logging.ts';
import type { FastifyInstance } from 'fastify';

/** Every JSON line the app logs, at the most talkative level, as an operator's log shipper would get them. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let db: Db;
let app: FastifyInstance;
let world: TestWorld;
beforeAll(async () => {
  db = await openTestDb();
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });
  app = await buildApp({ config, db, logger: { stream: capture, level: 'trace' } });
  await app.ready();
  world = await createTestWorld(db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const CARD = '4111111111111111';
const CARD_SPACED = '4111 1111 1111 1111';

describe('request ids', () => {
  it('takes a well-formed X-Request-Id and answers it in the header, the error body and every log line', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/auth/me', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(response.json()).toMatchObject({ code: 'unauthenticated', requestId: 'lb-7f3a.42' });
    const ofRequest = logged().filter((line) => line.requestId === 'lb-7f3a.42');
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest[1]).toMatchObject({ res: { statusCode: 401 } });
  });

  it('makes its own id when there is none or it is malformed, and the log and error body agree', async () => {
    for (const headers of [{}, { 'x-request-id': 'bad id with spaces\u0007' }, { 'x-request-id': 'x'.repeat(200) }]) {
      const response = await app.inject({ method: 'GET', url: '/v1/nowhere', headers });
      expect(response.statusCode).toBe(404);
      const id = response.json().requestId as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-request-id']).toBe(id);
      expect(logged().find((line) => line.requestId === id && line.msg === 'request completed')).toMatchObject({
        res: { statusCode: 404 },
      });
    }
  });

  it('writes one line per request at the info level: method, masked URL, status and time', async () => {
    const infoLines: string[] = [];
    const infoApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false }),
      db,
      logger: {
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            infoLines.push(...chunk.toString().split('\n').filter(Boolean));
            done();
          },
        }),
        level: 'info',
      },
    });
    try {
      await infoApp.inject({ method: 'GET', url: `/v1/health?card=${CARD}`, headers: { 'x-request-id': 'one-line' } });
      const ofRequest = infoLines.map((line) => JSON.parse(line)).filter((line) => line.requestId === 'one-line');
      expect(ofRequest).toHaveLength(1);
      expect(ofRequest[0]).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: expect.stringMatching(/^\/v1\/health\?card=/) },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      });
      expect(infoLines.join('\n')).not.toContain(CARD);
    } finally {
      await infoApp.close();
    }
  });

  it('answers the id on success too', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('secrets in logs', () => {
  it('never logs a password, session id, TOTP secret or card number across sign-in, MFA and a payment', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'a@test.kassa', password: 'Wrong-password-99!' },
    });
    expect(wrong.statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'a@test.kassa', password: TEST_PASSWORD },
    });
    const session = login.cookies.find((c) => c.name === 'kassa_session')?.value as string;
    expect(session).toBeTruthy();
    const cookie = `kassa_session=${session}`;
    const start = await app.inject({
      method: 'POST',
      url: '/v1/profile/mfa',
      payload: { type: 'google' },
      headers: { cookie },
    });
    const { secret, token } = start.json() as { secret: string; token: string };
    expect(secret).toBeTruthy();
    const confirm = await app.inject({
      method: 'POST',
      url: '/v1/profile/mfa/confirm',
      payload: { token, code: authenticator.generate(secret) },
      headers: { cookie },
    });
    expect(confirm.statusCode).toBe(200);
    // The second sign-in now asks for the code; the code itself, the MFA token and the new session stay out of the log.
    const second = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'a@test.kassa', password: TEST_PASSWORD },
    });
    const step = second.json() as { mfa_required: boolean; mfa_token: string };
    expect(step.mfa_required).toBe(true);
    const pending = second.cookies.find((c) => c.name === 'kassa_session')?.value as string;
    const mfa = await app.inject({
      method: 'POST',
      url: '/v1/auth/mfa',
      payload: {
        code: authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret),
        remember: false,
        username: 'a@test.kassa',
        token: step.mfa_token,
      },
      headers: { cookie: `kassa_session=${pending}` },
    });
    expect(mfa.statusCode).toBe(200);
    const signedIn = mfa.cookies.find((c) => c.name === 'kassa_session')?.value ?? pending;
    // A payment whose description and URL carry a card number, and a query that names a token.
    const payment = await app.inject({
      method: 'POST',
      url: `/v1/transaction?card_number=${CARD}&note=${encodeURIComponent(CARD_SPACED)}`,
      payload: {
        payment_profile: world.profileA,
        amount: 1999,
        payment_product_type: 'card',
        merchant_reference: 'ORDER-1',
        description: `card ${CARD_SPACED}`,
      },
      headers: { cookie: `kassa_session=${signedIn}` },
    });
    expect(payment.statusCode).toBe(201);
    // A session id sent as a Bearer credential (read as an API key, so refused) must not be logged either.
    const bearer = await app.inject({
      method: 'GET',
      url: '/v1/transaction',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(bearer.statusCode).toBe(401);
    await app.inject({ method: 'GET', url: `/v1/auth/me?token=${session}&pan=${CARD}`, headers: { cookie } });
    app.log.warn(
      { payload: { password: TEST_PASSWORD, card: CARD, nested: { totp_secret: secret } } },
      `card ${CARD} seen`,
    );

    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(15);
    for (const secretText of [
      TEST_PASSWORD,
      'Wrong-password-99!',
      session,
      pending,
      signedIn,
      secret,
      step.mfa_token,
      CARD,
      CARD_SPACED,
      encodeURIComponent(CARD_SPACED),
    ]) {
      expect(text).not.toContain(secretText);
    }
    // What the operator does see: the masked forms.
    expect(text).toContain('card_number=********');
    expect(text).toContain('411111******1111');
  });

  it('masks the token of a hosted page in the path, as a query value is (issue 30 item 10)', async () => {
    const token = `lnk_${'a1b2c3d4'.repeat(4)}`;
    const urls = [
      `/v1/checkout/${token}`,
      `/v1/checkout/${token}/challenge`,
      `/v1/pay/${token}`,
      `/v1/add-card/${token}?lang=nl`,
      `/pay/${token}`,
      `/v1/subscribe/${token}`,
    ];
    for (const url of urls) {
      const method = url.endsWith('/challenge') ? 'POST' : 'GET';
      await app.inject({
        method,
        url,
        headers: { 'x-request-id': `hosted-${urls.indexOf(url)}` },
        payload: method === 'POST' ? { code: '1234' } : undefined,
      });
    }
    const ofHosted = logged().filter((line) => String(line.requestId).startsWith('hosted-'));
    expect(ofHosted.length).toBeGreaterThanOrEqual(urls.length);
    expect(JSON.stringify(ofHosted)).not.toContain(token);
    expect(lines.join('\n')).not.toContain(token);
    expect(ofHosted.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean)).toEqual(
      expect.arrayContaining([
        '/v1/checkout/********',
        '/v1/checkout/********/challenge',
        '/v1/add-card/********?lang=nl',
        '/v1/subscribe/********',
      ]),
    );
    expect(maskUrl(`/v1/pay/${token}?token=x`)).toBe('/v1/pay/********?token=********');
    expect(maskUrl('/v1/payment-link/pl_1')).toBe('/v1/payment-link/pl_1');
    expect(maskUrl(`/subscribe/${token}`)).toBe('/subscribe/********');
    expect(maskUrl('/v1/subscription/sub_1')).toBe('/v1/subscription/sub_1');
  });

  it('masks secret query values and card numbers in URLs', () => {
    expect(maskUrl('/v1/x?token=abc&_limit=5&Password=p')).toBe('/v1/x?token=********&_limit=5&Password=********');
    expect(maskUrl(`/v1/x/${CARD}`)).toBe('/v1/x/411111******1111');
    expect(maskUrl('/v1/x?a=%E0%A4%A')).toBe('/v1/x?a=%E0%A4%A');
    expect(maskUrl('/v1/x?note=4111%201111%201111%201111&q=1')).toBe(
      `/v1/x?note=${encodeURIComponent('411111******1111')}&q=1`,
    );
  });
});

describe('the log on stdout', () => {
  it('writes lines in batches, each within about a second, and loses none at exit', async () => {
    const entry = join(dirname(fileURLToPath(import.meta.url)), '../test/stdout-logger.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: ['ignore', 'pipe', 'inherit'] });
    const arrivals: { msg: string; at: number; arrived: number }[] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete.filter(Boolean)) arrivals.push({ ...JSON.parse(line), arrived: Date.now() });
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(arrivals.map((line) => line.msg)).toEqual(['first', 'second', 'last']);
    // The first line waits for the once-a-second write (its batch is not full), not for the exit:
    // written neither at once nor only when the process ends.
    expect(arrivals[0].arrived - arrivals[0].at).toBeGreaterThan(300);
    expect(arrivals[0].arrived - arrivals[0].at).toBeLessThan(2500);
    expect(arrivals[0].arrived).toBeLessThan(arrivals[2].arrived - 300);
  }, 20_000);
});
