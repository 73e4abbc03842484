import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone, drawer, SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();

type Row = { id: string; name: string };

const TEXT = {
  nl: {
    waits: 'Deze wijziging wacht op goedkeuring',
    note: 'Waarom deze wijziging (verplicht)',
    ask: 'Goedkeuring vragen',
    newProfile: 'Nieuw profiel',
    imposed: 'Verplicht door de provider',
    payout: 'Settlementprofiel',
  },
  'en-US': {
    waits: 'This change will wait for approval',
    note: 'Why this change (required)',
    ask: 'Ask for approval',
    newProfile: 'New profile',
    imposed: 'Required by the provider',
    payout: 'Settlement profile',
  },
} as const;

/**
 * Issue 35: under the policy the processor form (the provider's credentials) and the settlement
 * profile form (a merchant's payout settings, made by provider staff) say the change will wait and
 * ask why, like the other governed forms; the provider's policy shows to a merchant as imposed,
 * ticked and locked, beside the merchant's own kinds.
 */
describe('four eyes on processor credentials and payout settings, in the forms', () => {
  for (const language of ['nl', 'en-US'] as const) {
    it(`say so (${language})`, async () => {
      const text = TEXT[language];
      const tag = language === 'nl' ? 'nl' : 'en';
      const { page, context } = await signedInAs(suite, 'admin@kassa.test', language);
      await page.goto('/psp/processors');
      const merchants = await getJson<Row[]>(page, '/v1/organisation?type=merchant&_limit=100');
      const merchant = merchants.find((m) => m.name.startsWith('Zuiderzee Fietsen'));
      if (!merchant) throw new Error('no Zuiderzee Fietsen in the demo');
      const [processor] = await getJson<Row[]>(page, '/v1/processor?type=processor&_limit=1&_sort=name');
      // The provider puts its processors' credentials under its policy, Zuiderzee its payout settings.
      await postJson(page, '/v1/changepolicy', { kinds: ['processor'] });
      await postJson(page, '/v1/changepolicy', { organisation: merchant.id, kinds: ['settlement-profile'] });

      await page.goto(`/psp/processors?open=${processor.id}`);
      const form = drawer(page);
      await expect.poll(() => form.innerText(), SLOW).toContain(text.waits);
      await form.getByLabel(text.note).fill('Rotated key from the acquirer');
      expect(await form.getByRole('button', { name: text.ask }).count()).toBe(1);
      await animationsDone(page);
      await screenshot(page, `four-eyes-processor-form-${tag}`);
      expect(await seriousViolations(page, 'processor form')).toEqual([]);

      await page.goto(`/psp/merchants/${merchant.id}/finance/settlement-profiles`);
      await page.getByRole('button', { name: text.newProfile }).click();
      const profile = drawer(page);
      await expect.poll(() => profile.innerText(), SLOW).toContain(text.waits);
      expect(await profile.getByLabel(text.note).count()).toBe(1);
      expect(await profile.getByRole('button', { name: text.ask }).count()).toBe(1);
      await animationsDone(page);
      await screenshot(page, `four-eyes-settlement-profile-form-${tag}`);
      expect(await seriousViolations(page, 'settlement profile form')).toEqual([]);
      await context.close();

      // The merchant's administrator sees the provider's minimum ticked and locked in its policy.
      const owner = await signedInAs(suite, 'merchant@kassa.test', language);
      await owner.page.goto('/changes?policy=1');
      const policy = drawer(owner.page);
      await expect.poll(() => policy.innerText(), SLOW).toContain(text.imposed);
      const locked = policy.getByRole('checkbox', { name: new RegExp(text.imposed) });
      expect(await locked.isChecked()).toBe(true);
      expect(await locked.isDisabled()).toBe(true);
      expect(await policy.getByRole('checkbox', { name: text.payout }).isChecked()).toBe(true);
      await animationsDone(owner.page);
      await screenshot(owner.page, `four-eyes-policy-imposed-${tag}`);
      expect(await seriousViolations(owner.page, 'policy drawer')).toEqual([]);
      await owner.context.close();
    }, 300_000);
  }
});
