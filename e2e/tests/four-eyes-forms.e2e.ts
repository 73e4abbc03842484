import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, drawer, SLOW } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

const suite = useServerAndBrowser();

/** Picks a role in an open multiple select by typing its name (the list stays open, so Escape closes it). */
const pickRole = async (page: Page, label: string, role: string) => {
  await drawer(page).getByLabel(label, { exact: true }).click();
  await page.keyboard.type(role);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: role }).first().click();
  await page.keyboard.press('Escape');
  // The list closes with an animation; until it is gone axe sees an open list box.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), SLOW).toBe(0);
};

const TEXT = {
  nl: {
    newKey: 'Nieuwe API-sleutel',
    newUser: 'Nieuwe gebruiker',
    name: 'Naam',
    email: 'E-mailadres',
    roles: 'Rollen',
    waits: 'Deze wijziging wacht op goedkeuring',
    note: 'Waarom deze wijziging (verplicht)',
    ask: 'Goedkeuring vragen',
    keyWaits: 'Deze sleutel werkt pas als een tweede persoon hem onder Wijzigingen goedkeurt.',
    userWaits: 'Je wijziging wacht op goedkeuring',
  },
  'en-US': {
    newKey: 'New API key',
    newUser: 'New user',
    name: 'Name',
    email: 'E-mail address',
    roles: 'Roles',
    waits: 'This change will wait for approval',
    note: 'Why this change (required)',
    ask: 'Ask for approval',
    keyWaits: 'This key works only once a second person approves it under Changes.',
    userWaits: 'Your change is waiting for approval',
  },
} as const;

/**
 * Issue 35: under Noordlicht Mode's policy the API key and user forms say plainly that the change
 * waits for a second person; a key is shown once and works only once approved; a user given an
 * administrative role waits.
 */
describe('four eyes on API keys and administrative users, in the forms', () => {
  for (const language of ['nl', 'en-US'] as const) {
    it(`says so in ${language}`, async () => {
      const text = TEXT[language];
      const { page, context } = await signedInAs(suite, 'mode@kassa.test', language);
      await page.goto('/apiSettings');
      await page.getByRole('button', { name: text.newKey }).click();
      const form = drawer(page);
      await expect.poll(() => form.innerText(), SLOW).toContain(text.waits);
      await form.getByLabel(text.name, { exact: true }).fill(unique('Shop key'));
      await pickRole(page, text.roles, 'TRANSACTION_LIST');
      await form.getByLabel(text.note).fill('Integration of the new webshop');
      await screenshot(page, `four-eyes-apikey-form-${language}`);
      expect(await seriousViolations(page, 'api key form')).toEqual([]);
      await form.getByRole('button', { name: text.ask }).click();
      const modal = page.locator('.ant-modal-container:visible').first();
      await expect.poll(() => modal.innerText(), SLOW).toContain(text.keyWaits);
      await animationsDone(page);
      await screenshot(page, `four-eyes-apikey-created-${language}`);
      await page.keyboard.press('Escape');

      await page.goto('/users');
      await page.getByRole('button', { name: text.newUser }).click();
      const userForm = drawer(page);
      await userForm
        .getByLabel(text.email, { exact: true })
        .fill(`boss-${Date.now()}-${language.toLowerCase()}@kassa.test`);
      await userForm.getByLabel(text.name, { exact: true }).fill('Boss');
      // A plain role applies at once: no notice.
      await pickRole(page, text.roles, 'TRANSACTION_LIST');
      expect(await userForm.innerText()).not.toContain(text.waits);
      await pickRole(page, text.roles, 'USER_ALL');
      await expect.poll(() => userForm.innerText(), SLOW).toContain(text.waits);
      await userForm.getByLabel(text.note).fill('Second administrator for the holidays');
      await screenshot(page, `four-eyes-user-form-${language}`);
      await userForm.getByRole('button', { name: text.ask }).click();
      await expect.poll(() => userForm.innerText(), SLOW).toContain(text.userWaits);
      await screenshot(page, `four-eyes-user-waiting-${language}`);
      expect(await seriousViolations(page, 'user form')).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
