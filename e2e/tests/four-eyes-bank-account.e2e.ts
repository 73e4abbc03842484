import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, drawer, SLOW } from '../support/ui.ts';
import { unique, uniqueIban } from '../support/unique.ts';

const suite = useServerAndBrowser();

const TEXT = {
  nl: {
    policy: 'Beleid',
    policyTitle: 'Vier-ogenbeleid van Zuiderzee Fietsen',
    kind: 'Bankrekening',
    savePolicy: 'Beleid opslaan',
    create: 'Nieuwe bankrekening',
    holder: 'Rekeninghouder',
    waits: 'Deze wijziging wacht op goedkeuring',
    note: 'Waarom deze wijziging (verplicht)',
    noteRequired: 'Leg uit waarom, voor wie goedkeurt',
    ask: 'Goedkeuring vragen',
    waiting: 'Je wijziging wacht op goedkeuring',
    open: 'Wijzigingen openen',
    diff: 'Wat er zou veranderen',
    pending: 'Wacht op goedkeuring',
  },
  'en-US': {
    policy: 'Policy',
    policyTitle: 'Four-eyes policy of Zuiderzee Fietsen',
    kind: 'Bank account',
    savePolicy: 'Save policy',
    create: 'New bank account',
    holder: 'Account holder',
    waits: 'This change will wait for approval',
    note: 'Why this change (required)',
    noteRequired: 'Say why, for the person who approves',
    ask: 'Ask for approval',
    waiting: 'Your change is waiting for approval',
    open: 'Open Changes',
    diff: 'What would change',
    pending: 'Waiting for approval',
  },
} as const;

/**
 * Issue 35: the merchant's administrator sets its four-eyes policy on the Changes screen; under it
 * the bank account form says the new account will
 * wait, asks why, and once asked says it is waiting with a link to the request on Changes, where
 * it stands with its diff; no account exists until a second person approves.
 */
describe('four eyes on a bank account, in the form', () => {
  for (const language of ['nl', 'en-US'] as const) {
    it(`waits for approval and shows the request in Changes (${language})`, async () => {
      const text = TEXT[language];
      const tag = language === 'nl' ? 'nl' : 'en';
      const { page, context } = await signedInAs(suite, 'merchant@kassa.test', language);
      // The merchant's administrator puts bank accounts under its policy on the Changes screen
      // (this file's own server: the second language finds it ticked already).
      await page.goto('/changes');
      await page.getByRole('button', { name: new RegExp(`${text.policy}$`) }).click();
      const policy = drawer(page);
      await expect.poll(() => policy.innerText(), SLOW).toContain(text.policyTitle);
      await policy.getByRole('checkbox', { name: text.kind }).check();
      await animationsDone(page);
      await screenshot(page, `four-eyes-policy-${tag}`);
      expect(await seriousViolations(page, 'policy drawer')).toEqual([]);
      await policy.getByRole('button', { name: text.savePolicy }).click();
      await expect.poll(() => policy.isVisible(), SLOW).toBe(false);
      expect((await getJson<{ effective: string[] }>(page, '/v1/changepolicy')).effective).toContain('bankaccount');

      await page.goto('/bank-accounts');
      await page.getByRole('button', { name: text.create }).click();
      const form = drawer(page);
      await expect.poll(() => form.innerText(), SLOW).toContain(text.waits);
      const holder = unique('Uitbetaling');
      const iban = uniqueIban('NL', 'ABNA');
      await form.getByLabel(text.holder, { exact: true }).fill(holder);
      await form.getByLabel('IBAN').fill(iban.grouped);
      // The note is required: asking without one says so and sends nothing.
      await form.getByRole('button', { name: text.ask }).click();
      await expect.poll(() => form.innerText(), SLOW).toContain(text.noteRequired);
      const note = unique('Second account for the new shop');
      await form.getByLabel(text.note).fill(note);
      await screenshot(page, `four-eyes-bank-account-form-${tag}`);
      expect(await seriousViolations(page, 'bank account form')).toEqual([]);
      await form.getByRole('button', { name: text.ask }).click();
      await expect.poll(() => form.innerText(), SLOW).toContain(text.waiting);
      await animationsDone(page);
      await screenshot(page, `four-eyes-bank-account-waiting-${tag}`);
      expect(await seriousViolations(page, 'bank account waiting')).toEqual([]);
      // Nothing changed yet.
      const accounts = await getJson<{ iban: string }[]>(page, `/v1/bankaccount?_limit=500`);
      expect(accounts.map((a) => a.iban)).not.toContain(iban.electronic);

      // The link opens the request itself on the Changes screen.
      await form.getByRole('link', { name: text.open }).click();
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/changes');
      expect(new URL(page.url()).searchParams.get('id')).toMatch(/^chr_/);
      const row = page.locator('tr.ant-table-row').filter({ hasText: note });
      await expect.poll(() => row.innerText(), SLOW).toContain(text.pending);
      const detail = drawer(page);
      await expect.poll(() => detail.innerText(), SLOW).toContain(text.diff);
      const shown = await detail.innerText();
      expect(shown).toContain(holder);
      expect(shown).toContain(iban.electronic);
      await animationsDone(page);
      await screenshot(page, `four-eyes-bank-account-changes-${tag}`);
      await context.close();
    }, 300_000);
  }
});
