import { authenticator } from 'otplib';
import { describe, expect, it, onTestFailed } from 'vitest';
import { newAccountLike } from '../support/accounts.ts';
import { newContext, screenshot, signInThroughPage, type Language } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, SLOW } from '../support/ui.ts';

// secure@kassa.test belongs to the demo sub-organisation 'Zuiderzee Fietsen Administratie',
// which requires an authenticator app (organisation.mfa_required = 'google').
const SECURE = 'secure@kassa.test';

const suite = useServerAndBrowser();

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, SLOW);
const openPage = async (language: Language) =>
  (await newContext(suite.browser, suite.server.baseUrl, language)).newPage();

describe('forced MFA enrolment', () => {
  it('asks in Dutch for MFA when the organisation requires it', async () => {
    const page = await openPage('nl');
    await signInThroughPage(page, SECURE);
    await eventually(() => page.url()).toContain('/mfa/setup?');
    expect(new URL(page.url()).searchParams.get('required_type')).toBe('google');
    await eventually(() => bodyText(page)).toContain('Je bent verplicht om tweestapsverificatie in te schakelen.');
    // The organisation requires the app, so e-mail codes cannot be chosen.
    expect(await page.getByRole('radio', { name: 'Authenticator-app' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'E-mail' }).isDisabled()).toBe(true);
    await screenshot(page, 'mfa-setup-nl');
    await page.context().close();
  });

  it('enrols the authenticator app at sign-in, signs in, and asks for the code at the next sign-in', async () => {
    // A user of the same organisation of this attempt's own: a retry finds secure@ enrolled already.
    const { email, password } = await newAccountLike(suite.server.baseUrl, SECURE);
    const page = await openPage('en-US');
    onTestFailed(() => screenshot(page, 'mfa-setup-failure'));
    await signInThroughPage(page, email, password);
    await eventually(() => page.url()).toContain('/mfa/setup?');
    await eventually(() => bodyText(page)).toContain('You are required to enable multi factor authentication.');
    await screenshot(page, 'mfa-setup-en');
    // Until enrolment is confirmed the half-finished sign-in reaches nothing.
    const me = await page.request.get('/v1/auth/me');
    expect(me.status()).toBe(401);

    await page.getByRole('radio', { name: 'Authenticator app' }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await eventually(() => bodyText(page)).toContain('Scan this QR code');
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    await screenshot(page, 'mfa-setup-enrol-en');
    const secret = ((await page.locator('code').first().textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong code is refused on the field and changes nothing.
    const right = authenticator.generate(secret);
    await page.getByLabel('Code', { exact: true }).fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await eventually(() => bodyText(page)).toContain('This code is invalid or expired');
    // The refused attempt has finished: the button is back from its loading state.
    await eventually(() => page.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(1);

    await page.getByLabel('Code', { exact: true }).fill(right);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await eventually(() => bodyText(page)).toContain('Keep your recovery codes');
    await page.getByRole('button', { name: 'Continue to Kassa' }).click();
    await eventually(() => page.url()).not.toContain('/mfa');
    await eventually(() => bodyText(page)).toContain(email);
    expect((await page.request.get('/v1/auth/me')).status()).toBe(200);

    await page.getByRole('button', { name: /(Gebruikersmenu|User menu)/ }).click();
    await animationsDone(page);
    await page.getByRole('menuitem', { name: /(Uitloggen|Sign out)$/ }).click();
    await eventually(() => page.url()).toContain('/login');

    await signInThroughPage(page, email, password);
    await eventually(() => page.url()).toContain('/mfa?');
    expect(page.url()).not.toContain('/mfa/setup');
    expect(new URL(page.url()).searchParams.get('mfa_type')).toBe('google');
    // The enrolment used this step's code; the next step's code is the fresh one.
    await page
      .getByLabel('Code', { exact: true })
      .fill(authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await eventually(() => page.url()).not.toContain('/mfa');
    await eventually(() => bodyText(page)).toContain(email);
    await page.context().close();
  });
});
