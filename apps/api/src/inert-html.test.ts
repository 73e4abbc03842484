import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeMail, mfaCodeMail, passwordResetMail, welcomeMail } from './modules/auth/mail-templates.ts';
import { latestMail } from './modules/auth/identity-test-helpers.ts';
import { generateReport } from './modules/reports/report.service.ts';
import { composeWelcomeMail } from './modules/users/welcome.service.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { callAs, type Caller, signInTestUsers } from './test/call.ts';
import { createTestWorld, TEST_PASSWORD } from './test/world.ts';

/**
 * HTML that users type is kept inert where Kassa itself writes HTML: the mails. Names, report
 * names and the like arrive escaped, so a mail client shows them as text and runs nothing
 * (the browser side, React's escaping, is proven by e2e/tests/inert-html.e2e.ts). Welcome-mail
 * templates are HTML by design and are sanitised on save (welcome-mail.test.ts).
 */
const HOSTILE = `<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>`;
/** What must never stand in a mail's HTML: an element the hostile text brought (its escaped text is fine). */
const LIVE = /<img\b|<script\b|<a href="javascript:/i;

let t: TestApp;
let a: Caller;
let provider: Caller;
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
  ({ a, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
});
afterAll(() => t.close());

describe('HTML typed by users stays text in the HTML Kassa writes', () => {
  it('every identity mail template escapes the name it greets', () => {
    for (const lang of ['nl', 'en'] as const) {
      const mails = [
        passwordResetMail(lang, { name: HOSTILE, link: 'https://kassa.test/x' }),
        mfaCodeMail(lang, { name: HOSTILE, code: '123456' }),
        emailChangeMail(lang, { name: HOSTILE, link: 'https://kassa.test/x' }),
        welcomeMail(lang, { name: HOSTILE, link: 'https://kassa.test/x' }),
        composeWelcomeMail(
          '<p>Hallo {{name}} ({{email}}), {{link}}</p>',
          { name: HOSTILE, email: 'eve@kassa.test', language: lang },
          'https://kassa.test/x',
        ),
      ];
      for (const mail of mails) {
        expect(mail.html).not.toMatch(LIVE);
        expect(mail.html).toContain('&lt;script&gt;');
      }
    }
  });

  it('a user created with HTML in the name gets a welcome mail that shows the name as text (merchant and provider side)', async () => {
    for (const [who, path, email] of [
      [a, '/v1/user', 'eve-merchant@kassa.test'],
      [provider, '/v1/psp/user', 'eve-provider@kassa.test'],
    ] as const) {
      const created = await callAs(t.app, who, 'POST', path, { email, name: HOSTILE, language: 'en-US' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      // Stored as typed: nothing is changed behind the user's back.
      expect(created.body.name).toBe(HOSTILE);
      const mail = await latestMail(t.db, email);
      expect(mail?.html).toBeDefined();
      expect(mail!.html).not.toMatch(LIVE);
      expect(mail!.html).toContain('&lt;img src=x onerror=');
    }
  });

  it('a report named with HTML is mailed with the name as text', async () => {
    const created = await callAs(t.app, a, 'POST', '/v1/report', {
      name: HOSTILE,
      filters: {},
      fields: ['id', 'amount'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toBe(HOSTILE);
    await generateReport(t.db, t.config, created.body.id, { to: 'reports@kassa.test', language: 'en' });
    const mail = await latestMail(t.db, 'reports@kassa.test');
    expect(mail?.html).not.toMatch(LIVE);
    expect(mail?.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });
});
