import { DEMO_PASSWORD } from './browser.ts';

export type StoredMail = { to: string; subject: string; text: string; html: string; template: string | null };

const sessions = new Map<string, Promise<string>>();

/** Signs in through the API as the demo's provider super user, the one who may read the mailbox. */
export const adminCookie = (baseUrl: string): Promise<string> => {
  let session = sessions.get(baseUrl);
  if (!session) {
    session = (async () => {
      const response = await fetch(`${baseUrl}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ username: 'admin@kassa.test', password: DEMO_PASSWORD }),
      });
      const cookie = /kassa_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
      if (!response.ok || !cookie)
        throw new Error(`admin sign-in for the mailbox failed: ${response.status} ${await response.text()}`);
      return cookie;
    })();
    sessions.set(baseUrl, session);
    session.catch(() => sessions.delete(baseUrl));
  }
  return session;
};

/** Every stored mail to an address, newest first, as the mailbox holds them now (no waiting). */
export const mailsTo = async (baseUrl: string, to: string): Promise<StoredMail[]> => {
  const response = await fetch(`${baseUrl}/v1/dev/mailbox?to=${encodeURIComponent(to)}&_limit=1000`, {
    headers: { cookie: await adminCookie(baseUrl) },
  });
  if (!response.ok) throw new Error(`mailbox answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as StoredMail[];
};

/**
 * The newest stored mail to an address, read from the demo mailbox as admin@kassa.test, as a
 * newcomer would. Waits a while for the first one: some mails (password resets) are written by
 * the worker shortly after the request.
 */
export const latestMail = async (baseUrl: string, to: string): Promise<StoredMail> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = await mailsTo(baseUrl, to);
    if (mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
