import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { SLOW } from '../support/ui.ts';

const suite = useServerAndBrowser();

const TEXT = {
  nl: { overdue: 'noodwijziging wacht al meer dan 24 uur op goedkeuring achteraf', open: 'Wijzigingen openen' },
  'en-US': {
    overdue: 'emergency change has waited more than 24 hours for an approval after the fact',
    open: 'Open Changes',
  },
} as const;

/**
 * Issue 35: an emergency change applied at once needs an approval after the fact within 24 hours,
 * or it shows as overdue on the dashboard. The demo world has one for Noordlicht Mode, applied 30
 * hours ago; its approver sees the warning first thing and gets to the request from it.
 */
describe('an overdue emergency change on the dashboard', () => {
  for (const language of ['nl', 'en-US'] as const) {
    it(`warns the approver and opens Changes (${language})`, async () => {
      const text = TEXT[language];
      const { page, context } = await signedInAs(suite, 'approver@kassa.test', language);
      const overdue = await getJson<{ count: number }>(page, '/v1/changerequest/count?overdue=true');
      expect(overdue.count).toBe(1);
      await page.goto('/');
      const alert = page.getByRole('alert').filter({ hasText: text.overdue });
      await expect.poll(() => alert.count(), SLOW).toBe(1);
      expect(await alert.innerText()).toContain(`1 ${text.overdue}`);
      await screenshot(page, `four-eyes-dashboard-${language === 'nl' ? 'nl' : 'en'}`);
      expect(await seriousViolations(page, 'dashboard with overdue change')).toEqual([]);
      await alert.getByRole('link', { name: text.open }).click();
      await page.waitForURL((url) => url.pathname === '/changes');
      await context.close();
    });
  }
});
