import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type Language } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, bodyText, choose, drawer, SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();

/** The error lines antd shows under the form field labelled `label` in the open drawer. */
const fieldErrors = (page: Page, label: string) =>
  drawer(page)
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error')
    .allTextContents();

const words = {
  nl: {
    edit: 'Bewerken',
    save: 'Opslaan',
    amount: 'Bedrag',
    interval: 'Interval',
    week: /^Week$/,
    locked: /^Kan niet wijzigen: er lopen \d+ abonnementen op dit plan$/,
  },
  'en-US': {
    edit: 'Edit',
    save: 'Save',
    amount: 'Amount',
    interval: 'Interval',
    week: /^Week$/,
    locked: /^Cannot change: \d+ subscriptions are running on this plan$/,
  },
} as const;

describe('one form dialect (issue 32 item 21)', () => {
  it.each(['nl', 'en-US'] as const)(
    'shows both details of a server refusal on their own fields and disables Save while it saves (%s)',
    async (language: Language) => {
      const w = words[language as keyof typeof words];
      const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
      await page.goto('/subscriptions/plans');
      await page.getByText('Monthly membership', { exact: true }).click();
      await page.getByRole('button', { name: w.edit, exact: true }).click();
      const form = drawer(page);
      await expect.poll(() => form.getByLabel(w.amount, { exact: true }).inputValue(), SLOW).not.toBe('');
      // Amount and interval are billing terms, fixed while subscriptions run on the plan: only the
      // server knows that, and it names both fields.
      await form.getByLabel(w.amount, { exact: true }).fill('24.95');
      await choose(page, new RegExp(`^${w.interval}$`), w.week);

      // The answer is held back a moment (the real server still answers), so the save is seen running.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/v1/plan/*', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      const save = form.getByRole('button', { name: w.save, exact: true });
      await save.click();
      await expect.poll(() => save.isDisabled(), SLOW).toBe(true);
      release();

      await expect.poll(() => fieldErrors(page, w.amount), SLOW).toEqual([expect.stringMatching(w.locked)]);
      await expect.poll(() => fieldErrors(page, w.interval), SLOW).toEqual([expect.stringMatching(w.locked)]);
      expect(await save.isDisabled()).toBe(false);
      // Both landed on their fields: no alert above the form repeats them.
      expect(await form.locator('.ant-alert').count()).toBe(0);
      expect(await bodyText(page)).not.toMatch(/errors\.|lockedBySubscriptions/);
      await animationsDone(page);
      await screenshot(page, `form-dialect-two-details-${language === 'nl' ? 'nl' : 'en'}`);
      await context.close();
    },
    120_000,
  );

  it.each(['nl', 'en-US'] as const)(
    'checks a new tag with the domain schema before sending and saves it once it passes (%s)',
    async (language: Language) => {
      const nl = language === 'nl';
      const { context, page } = await signedInAs(suite, 'merchant@kassa.test', language);
      await page.goto('/tags');
      await page.getByRole('button', { name: nl ? 'Nieuwe tag' : 'New tag' }).click();
      const form = drawer(page);
      const save = form.getByRole('button', { name: nl ? 'Opslaan' : 'Save', exact: true });
      await save.click();
      await expect
        .poll(() => form.locator('.ant-form-item-explain-error').allTextContents(), SLOW)
        .toEqual([nl ? 'Dit veld is verplicht' : 'This field is required']);
      await animationsDone(page);
      await screenshot(page, `form-dialect-tag-required-${nl ? 'nl' : 'en'}`);
      const text = `E2E ${language} ${Date.now() % 100000}`;
      await form.getByLabel(nl ? 'Tekst' : 'Text', { exact: true }).fill(text);
      // A changed field drops its old complaint at once.
      await expect.poll(() => form.locator('.ant-form-item-explain-error').count(), SLOW).toBe(0);
      await save.click();
      await expect.poll(() => page.locator('.ant-drawer-content-wrapper:visible').count(), SLOW).toBe(0);
      await expect.poll(() => bodyText(page), SLOW).toContain(text);
      await context.close();
    },
    120_000,
  );
});
