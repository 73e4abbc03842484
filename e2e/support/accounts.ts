import { DEMO_PASSWORD } from './browser.ts';
import { adminCookie, latestMail } from './mailbox.ts';
import { uniqueEmail } from './unique.ts';

export type Account = { email: string; password: string };

type UserRow = { id: string; email: string; organisation: string | { id: string }; roles: string[]; language: string };

/** A call as the demo's provider super user. */
export const adminCall = async <T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: await adminCookie(baseUrl),
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

/**
 * A new user of this attempt's own, in the organisation and with the roles of the demo account
 * `like`, whose password is set through the welcome mail's link, the way a newcomer does it.
 *
 * For tests that change the account itself (a new password, multi-factor enrolment): on a retry
 * the demo account would already be changed, so each attempt takes a user nobody has touched.
 */
export const newAccountLike = async (baseUrl: string, like: string, local = like.split('@')[0]): Promise<Account> => {
  const [template] = await adminCall<UserRow[]>(baseUrl, 'GET', `/v1/user?email=${encodeURIComponent(like)}`);
  if (!template) throw new Error(`no demo account ${like}`);
  const organisation = typeof template.organisation === 'string' ? template.organisation : template.organisation.id;
  return newAccountIn(baseUrl, organisation, template.roles, local, template.language === 'nl' ? 'nl' : 'en-US');
};

/** A new user of this attempt's own in an organisation the demo has no account for (e.g. a GBP merchant). */
export const newAccountIn = async (
  baseUrl: string,
  organisation: string,
  roles: string[],
  local: string,
  language: 'nl' | 'en-US' = 'en-US',
): Promise<Account> => {
  const email = uniqueEmail(`e2e-${local}`);
  await adminCall(baseUrl, 'POST', '/v1/user', { email, name: `E2E ${local}`, language, organisation, roles });
  const mail = await latestMail(baseUrl, email);
  const token = new URL(/https?:\/\/\S+\/updatePassword\S*/.exec(mail.text)?.[0] ?? 'http://x/').searchParams.get(
    'token',
  );
  if (!token) throw new Error(`no set-password link in the welcome mail to ${email}`);
  const password = `${DEMO_PASSWORD}-${email.length}`;
  const set = await fetch(`${baseUrl}/v1/auth/update-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token, password }),
  });
  if (!set.ok) throw new Error(`setting the password of ${email} answered ${set.status}: ${await set.text()}`);
  return { email, password };
};
