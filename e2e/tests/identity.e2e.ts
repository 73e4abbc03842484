import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccountLike } from '../support/accounts.ts';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { mailsTo, latestMail as readLatestMail } from '../support/mailbox.ts';
import { useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, SLOW } from '../support/ui.ts';
import { uniqueEmail } from '../support/unique.ts';

const suite = useServerAndBrowser();

const latestMail = (to: string) => readLatestMail(suite.server.baseUrl, to);
const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://\\S+${path}\\S*`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
};
/** Waits as long as a loaded machine may need for a lazy page and its data. */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, SLOW);
const openPage = async (language: Language) =>
  (await newContext(suite.browser, suite.server.baseUrl, language)).newPage();
const signOut = async (page: Page) => {
  await page.getByRole('button', { name: /(Gebruikersmenu|User menu)/ }).click();
  // Clicked as a person does, once the menu has opened where it belongs: a click made while it
  // was still being placed could land beside "Sign out" and leave the page as it was.
  await animationsDone(page);
  await page.getByRole('menuitem', { name: /(Uitloggen|Sign out)$/ }).click();
  await expect.poll(() => page.url(), { timeout: 45_000 }).toContain('/login');
};

describe('forgot password', () => {
  it('mails a link, sets a new password, signs in with it, and then protects sign-in with e-mailed codes', async () => {
    // An analyst of this attempt's own: a retry would find analyst@'s password changed and its codes on.
    const { email } = await newAccountLike(suite.server.baseUrl, 'analyst@kassa.test');
    const welcome = await latestMail(email);
    const page = await openPage('nl');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await page.getByRole('heading', { name: 'Wachtwoord vergeten' }).waitFor();
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Wachtwoord herstellen' }).click();
    await eventually(() => bodyText(page)).toContain('Er is een e-mail verstuurd');
    await screenshot(page, 'forgot-password-nl');
    // The reset mail is written by the worker just after the request: wait for the newest mail to be
    // it (the welcome mail before it has a set-password link too).
    await eventually(async () => (await latestMail(email)).text).not.toBe(welcome.text);
    const mail = await latestMail(email);
    expect(mail.text).toContain('/updatePassword');
    await page.goto(linkIn(mail.text, '/updatePassword'));
    await eventually(() => bodyText(page)).toContain('Wachtwoord moet bevatten:');
    await page.getByLabel('Nieuw wachtwoord').fill('kassa');
    await screenshot(page, 'update-password-nl');
    await page.getByLabel('Nieuw wachtwoord').fill('Qwerty123456!');
    await page.getByLabel('Bevestig wachtwoord').fill('Qwerty123456!');
    await page.getByRole('button', { name: 'Wachtwoord herstellen' }).click();
    await eventually(() => bodyText(page)).toContain('gelekte wachtwoorden');
    await page.getByLabel('Nieuw wachtwoord').fill('Fietsen-in-de-polder-7');
    await page.getByLabel('Bevestig wachtwoord').fill('Fietsen-in-de-polder-7');
    await page.getByRole('button', { name: 'Wachtwoord herstellen' }).click();
    await eventually(() => page.url()).toContain('/login?reset=password');
    await eventually(() => bodyText(page)).toContain('Je wachtwoord is succesvol gewijzigd!');
    await screenshot(page, 'login-reset-nl');
    await signInThroughPage(page, email, 'Fietsen-in-de-polder-7');
    await eventually(() => page.url()).not.toContain('/login');

    // E-mailed codes: turn them on from the profile, then the next sign-in asks for the mailed code.
    await page.goto('/profile');
    await page.getByRole('radio', { name: 'E-mail' }).check();
    await page
      .locator('.ant-card', { hasText: 'Tweestapsverificatie' })
      .getByRole('button', { name: 'Inschakelen' })
      .click();
    await eventually(() => bodyText(page)).toContain('We hebben een code naar je e-mailadres gestuurd');
    const codeOf = async () => /\b(\d{6})\b/.exec((await latestMail(email)).text)?.[1] ?? '';
    await page.getByLabel('Code', { exact: true }).fill(await codeOf());
    await page.getByRole('button', { name: 'Bevestigen', exact: true }).click();
    await eventually(() => bodyText(page)).toContain('Methode wijzigen');
    await signOut(page);
    await signInThroughPage(page, email, 'Fietsen-in-de-polder-7');
    await eventually(() => page.url()).toContain('mfa_type=email');
    await eventually(() => bodyText(page)).toContain('30 minuten');
    await screenshot(page, 'mfa-email-code-nl');
    await page.getByLabel('Code', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Verifiëren' }).click();
    await eventually(() => bodyText(page)).toContain('Deze code is ongeldig of verlopen');
    await page.getByLabel('Code', { exact: true }).fill(await codeOf());
    await page.getByRole('button', { name: 'Verifiëren' }).click();
    await eventually(() => page.url()).not.toContain('/mfa');
    await page.context().close();
  });
});

describe('authenticator app', () => {
  it('enrols from the profile, asks for the code at sign-in and skips it in a remembered browser', async () => {
    // A merchant user of this attempt's own: a retry would find merchant@ enrolled already.
    const { email, password } = await newAccountLike(suite.server.baseUrl, 'merchant@kassa.test');
    const page = await openPage('en-US');
    await signInThroughPage(page, email, password);
    await eventually(() => page.url()).not.toContain('/login');
    await page.goto('/profile');
    await eventually(() => bodyText(page)).toContain('Multi-factor authentication');
    await screenshot(page, 'profile-en');
    // The push notification card has a 'Turn on' of its own.
    await page
      .locator('.ant-card', { hasText: 'Multi-factor authentication' })
      .getByRole('button', { name: 'Turn on' })
      .click();
    await eventually(() => bodyText(page)).toContain('Scan this QR code');
    await screenshot(page, 'profile-mfa-enrol-en');
    const secret = ((await page.locator('code').first().textContent()) ?? '').trim();
    await page.getByLabel('Code', { exact: true }).fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await eventually(() => bodyText(page)).toContain('Keep your recovery codes');
    await screenshot(page, 'profile-recovery-codes-en');
    await signOut(page);

    await signInThroughPage(page, email, password);
    await eventually(() => page.url()).toContain('/mfa?');
    await screenshot(page, 'mfa-en');
    // The enrolment used this step's code; the next step's code is the fresh one.
    await page
      .getByLabel('Code', { exact: true })
      .fill(authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret));
    await page.getByLabel(/Remember me/).check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await eventually(() => page.url()).not.toContain('/mfa');
    await signOut(page);
    await signInThroughPage(page, email, password);
    await eventually(() => page.url()).not.toContain('/login');
    expect(page.url()).not.toContain('/mfa');
    await page.context().close();
  });
});

describe('users and welcome mails', () => {
  it('creates a user who receives the welcome mail with a set-password link', async () => {
    const page = await openPage('nl');
    await signInThroughPage(page, 'winkel@kassa.test');
    await eventually(() => page.url()).not.toContain('/login');
    await page.goto('/users');
    await eventually(() => bodyText(page)).toContain('winkel@kassa.test');
    await screenshot(page, 'users-nl');
    await page.getByRole('button', { name: 'Nieuwe gebruiker' }).click();
    const drawer = page.getByRole('dialog');
    // An address of this attempt's own: e-mail addresses are unique, and a retry runs on the same server.
    const newcomer = uniqueEmail('nieuw');
    await drawer.getByLabel('E-mailadres', { exact: true }).fill(newcomer);
    await drawer.getByLabel('Naam', { exact: true }).fill('Nieuwe Collega');
    await animationsDone(page);
    await screenshot(page, 'user-create-nl');
    await page.getByRole('button', { name: 'Aanmaken en welkomstmail sturen' }).click();
    await eventually(() => bodyText(page)).toContain(newcomer);
    const mail = await latestMail(newcomer);
    expect(linkIn(mail.text, '/updatePassword')).toContain('new=true');
    await page.goto(linkIn(mail.text, '/updatePassword'));
    await eventually(() => bodyText(page)).toContain('Wachtwoord instellen');
    await page.context().close();
  });

  it('shows the provider screens in both languages', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const page = await openPage(language);
      await signInThroughPage(page, 'admin@kassa.test');
      await eventually(() => page.url()).not.toContain('/login');
      await page.goto('/psp/users');
      await eventually(() => bodyText(page)).toContain('admin@kassa.test');
      await screenshot(page, `psp-users-${language}`);
      await page.goto('/psp/welcome-mails');
      await eventually(() => bodyText(page)).toContain('Default welcome mail');
      await screenshot(page, `welcome-mails-${language}`);
      await page
        .getByRole('button', { name: /(Voorbeeld|Preview)$/ })
        .first()
        .click();
      await animationsDone(page);
      await screenshot(page, `welcome-mail-preview-${language}`);
      // Counted before: the other language (and a retry) sent a preview to admin@ already.
      const before = (await mailsTo(suite.server.baseUrl, 'admin@kassa.test')).length;
      await page.getByRole('button', { name: /^(Voorbeeld versturen|Send preview)$/ }).click();
      await eventually(async () => (await mailsTo(suite.server.baseUrl, 'admin@kassa.test')).length).toBe(before + 1);
      expect((await latestMail('admin@kassa.test')).subject).toContain('[Preview]');
      await page.getByText('Default welcome mail').first().click();
      await eventually(() => bodyText(page)).toContain('24');
      await animationsDone(page);
      await screenshot(page, `welcome-mail-detail-${language}`);
      await page.context().close();
    }
  });
});

describe('signed-out pages', () => {
  it('look right in Dutch and English', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const page = await openPage(language);
      // The second step's token lives in the tab's session storage, never in the URL.
      await page.goto('/login');
      await page.evaluate(() =>
        sessionStorage.setItem(
          'kassa.signInStep',
          JSON.stringify({ username: 'someone@kassa.test', token: 'example' }),
        ),
      );
      for (const [name, path] of [
        ['login', '/login'],
        ['forgot-password', '/forgotPassword'],
        ['set-password', '/updatePassword?new=true&token=example'],
        ['update-email', '/updateEmail?token=example'],
        ['mfa-email', '/mfa?mfa_type=email'],
        ['mfa-setup', '/mfa/setup?required_type=email'],
      ]) {
        await page.goto(path);
        await page.waitForSelector('main h1, main .ant-card, main .ant-result');
        await screenshot(page, `${name}-${language}`);
      }
      await page.context().close();
    }
  });
});
