import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, drawer, SLOW } from '../support/ui.ts';

// Issue 32 item 20: a refusal only the server can make is shown on its field, worded from the
// detail's code in the user's language (never the server's English sentence).
const suite = useServerAndBrowser();

describe('a server refusal on a form field, by its code', () => {
  it('shows an e-mail address already in use on the e-mail field of a new user, in Dutch and English', async () => {
    for (const [language, words] of [
      [
        'nl',
        {
          create: 'Nieuwe gebruiker',
          email: 'E-mailadres',
          name: 'Naam',
          submit: 'Aanmaken en welkomstmail sturen',
          taken: 'Dit e-mailadres is al in gebruik',
        },
      ],
      [
        'en-US',
        {
          create: 'New user',
          email: 'E-mail address',
          name: 'Name',
          submit: 'Create and send welcome mail',
          taken: 'This e-mail address is already in use',
        },
      ],
    ] as const) {
      const { page, context } = await signedInAs(suite, 'merchant@kassa.test', language);
      await page.goto('/users');
      await page.getByRole('button', { name: words.create }).click();
      const form = drawer(page);
      await form.getByLabel(words.email, { exact: true }).fill('merchant@kassa.test');
      await form.getByLabel(words.name, { exact: true }).fill('Second account');
      await form.getByRole('button', { name: words.submit }).click();
      const field = form.locator('.ant-form-item').filter({ has: page.getByLabel(words.email, { exact: true }) });
      await expect
        .poll(() => field.locator('.ant-form-item-explain-error').allTextContents(), SLOW)
        .toEqual([words.taken]);
      await animationsDone(page);
      await screenshot(page, `error-codes-email-taken-${language}`);
      await context.close();
    }
  });
});
