import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/queue.ts';
import { createRunner } from '../../jobs/runner.ts';
import { startWorker } from '../../jobs/worker.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD } from '../../test/world.ts';
import { sql } from '../db/index.ts';
import { registerMailDelivery } from './deliver.ts';
import { queueMail } from './queue.ts';

type Received = { from: string; to: string[]; data: string };

/** A real SMTP peer on a loopback port that records what it receives. */
const startSmtpPeer = async () => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

registerMailDelivery();
const mailRow = async (t: TestApp, id: string) =>
  (
    await t.db.query<{ status: string; transport: string | null; error: string | null }>(
      sql`select status, transport, error from mail where id = ${id}`,
    )
  )[0];
const mail = (to: string, subject: string) => ({
  to,
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  template: 'test',
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
  admin = (await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD)).cookie;
});
afterAll(() => t.close());

describe('mail delivery without SMTP: the stored mailbox', () => {
  it('stores a queued mail when the worker runs and shows it in GET /v1/dev/mailbox, newest first', async () => {
    const first = await queueMail(t.db, mail('ann@example.test', 'Reset your password'));
    await new Promise((r) => setTimeout(r, 5));
    const second = await queueMail(t.db, mail('bob@example.test', 'Welcome to Kassa'));
    expect(await mailRow(t, first)).toMatchObject({ status: 'queued', transport: null });
    expect(await createRunner(t.db, t.config, { queues: ['mail'] }).drain()).toBe(2);
    expect(await mailRow(t, first)).toMatchObject({ status: 'stored', transport: 'mailbox' });

    const response = await t.app.inject({ method: 'GET', url: '/v1/dev/mailbox', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    const mails = response.json();
    expect(mails.map((m: { id: string }) => m.id)).toEqual([second, first]);
    expect(mails[1]).toMatchObject({
      to: 'ann@example.test',
      subject: 'Reset your password',
      html: '<p>Reset your password</p>',
      text: 'Reset your password',
      status: 'stored',
    });
    expect(new Date(mails[1].created_at).toISOString()).toBe(mails[1].created_at);
  });

  it('is delivered by the worker that the server starts, without anyone draining by hand', async () => {
    const worker = startWorker(t.db, t.config, { idleMs: 20 });
    try {
      const id = await queueMail(t.db, mail('erin@example.test', 'Started worker'));
      for (let waited = 0; (await mailRow(t, id)).status === 'queued' && waited < 5000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      expect(await mailRow(t, id)).toMatchObject({ status: 'stored', transport: 'mailbox' });
    } finally {
      await worker.stop();
    }
  });

  it('filters the mailbox by recipient', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/dev/mailbox?to=bob@example.test',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { subject: string }) => m.subject)).toEqual(['Welcome to Kassa']);
  });

  it('answers 400 naming an unknown filter key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/dev/mailbox?recipient=x',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toContain('recipient');
  });

  it('fails the job at once when its mail row is gone', async () => {
    await enqueue(t.db, 'mail', { mailId: 'mail_missing' });
    await createRunner(t.db, t.config, { queues: ['mail'] }).drain();
    const [job] = await t.db.query<{ status: string; last_error: string }>(
      sql`select status, last_error from job where payload->>'mailId' = 'mail_missing'`,
    );
    expect(job).toMatchObject({ status: 'failed', last_error: expect.stringContaining('does not exist') });
  });
});

describe('mail delivery by SMTP', () => {
  it('reaches the SMTP peer with recipient, sender and subject, and marks the mail sent', async () => {
    const peer = await startSmtpPeer();
    try {
      const id = await queueMail(t.db, mail('carol@example.test', 'Your code is 123456'));
      const config = { ...t.config, smtpUrl: peer.url, mailFrom: 'Kassa <no-reply@kassa.test>' };
      expect(await createRunner(t.db, config, { queues: ['mail'] }).drain()).toBe(1);
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0]).toMatchObject({ from: 'no-reply@kassa.test', to: ['carol@example.test'] });
      expect(peer.received[0].data).toContain('Subject: Your code is 123456');
      expect(await mailRow(t, id)).toMatchObject({ status: 'sent', transport: 'smtp', error: null });
    } finally {
      await peer.close();
    }
  });

  it('keeps the mail queued with the error and retries later when the SMTP server is down', async () => {
    const peer = await startSmtpPeer();
    await peer.close();
    const id = await queueMail(t.db, mail('dave@example.test', 'Hello'));
    await createRunner(t.db, { ...t.config, smtpUrl: peer.url }, { queues: ['mail'] }).drain();
    expect(await mailRow(t, id)).toMatchObject({
      status: 'queued',
      transport: 'smtp',
      error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    const [job] = await t.db.query<{ status: string; attempts: number; run_at: Date }>(
      sql`select status, attempts, run_at from job where payload->>'mailId' = ${id}`,
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now());
  });
});
