import { describe, expect, it } from 'vitest';
import { newAccountLike } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson as api, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { SLOW, typeInto } from '../support/ui.ts';

const suite = useServerAndBrowser();

type Cell = { date: number; hour: number; count: number };
type Me = { time_zone: string; language: string };

describe("statistics in the user's time zone", () => {
  it('the profile shows and changes the time zone (nl, en), and the heatmap moves with it', async () => {
    // A user of this attempt's own: a retry must start from the default zone again.
    const account = await newAccountLike(suite.server.baseUrl, 'analyst@kassa.test');
    const nl = await signedInAs(suite, account.email, 'nl', {}, account.password);
    await nl.page.goto('/profile');
    const zone = nl.page.getByLabel('Tijdzone');
    await zone.waitFor();
    // The chosen zone is shown in its form item.
    await expect
      .poll(() => nl.page.locator('.ant-form-item', { has: zone }).textContent(), SLOW)
      .toContain('Europe/Amsterdam');
    await nl.page.getByText('Dagen, weken en maanden van de statistieken volgen deze tijdzone.').waitFor();
    expect(await seriousViolations(nl.page, 'profile time zone nl')).toEqual([]);
    await screenshot(nl.page, 'profile-time-zone-nl');

    const range = `created_at%3E=${encodeURIComponent(new Date(Date.now() - 28 * 86_400_000).toISOString())}&created_at%3C=${encodeURIComponent(new Date().toISOString())}`;
    const before = await api<Cell[]>(nl.page, `/v1/statistics/dayandtime?${range}`);
    await typeInto(nl.page, zone, 'New York');
    await nl.page.getByRole('button', { name: 'Opslaan' }).click();
    // The interface stays Dutch: the form's language is the one on screen (the stored one was English).
    await nl.page.getByText('Je gegevens zijn opgeslagen').waitFor();
    expect(await api<Me>(nl.page, '/v1/auth/me')).toMatchObject({ time_zone: 'America/New_York', language: 'nl' });
    expect(await nl.page.locator('html').getAttribute('lang')).toBe('nl');
    // The same transactions, six hours earlier on the clock (five or six around daylight saving changes).
    const after = await api<Cell[]>(nl.page, `/v1/statistics/dayandtime?${range}`);
    expect(after.reduce((sum, cell) => sum + cell.count, 0)).toBe(before.reduce((sum, cell) => sum + cell.count, 0));
    expect(after).not.toEqual(before);
    await nl.context.close();

    const en = await signedInAs(suite, account.email, 'en-US', {}, account.password);
    await en.page.goto('/profile');
    await en.page.getByLabel('Time zone').waitFor();
    await en.page.getByText('Statistics days, weeks and months follow this time zone.').waitFor();
    await expect
      .poll(() => en.page.locator('.ant-form-item', { has: en.page.getByLabel('Time zone') }).textContent(), SLOW)
      .toContain('America/New York');
    expect(await seriousViolations(en.page, 'profile time zone en')).toEqual([]);
    await screenshot(en.page, 'profile-time-zone-en-US');
    await en.context.close();
  });
});
