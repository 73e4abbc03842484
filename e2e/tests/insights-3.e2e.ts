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

  it("the range picker chooses whole days of the profile's zone, not the browser's (nl, en)", async () => {
    const account = await newAccountLike(suite.server.baseUrl, 'analyst@kassa.test');
    // The browser in Amsterdam, the profile in Tokyo: 1 to 7 November there is 31 October 15:00 to 7 November 14:59:59.999 UTC.
    for (const [language, first, last] of [
      ['nl', '01-11-2026', '07-11-2026'],
      ['en-US', '11/01/2026', '11/07/2026'],
    ] as const) {
      const user = await signedInAs(
        suite,
        account.email,
        language,
        { timezoneId: 'Europe/Amsterdam' },
        account.password,
      );
      await user.page.evaluate(() =>
        fetch('/v1/profile', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ time_zone: 'Asia/Tokyo' }),
        }),
      );
      // A range given in the URL shows Tokyo's dates: 30 October 15:00 UTC is already the 31st there.
      await user.page.goto(
        `/dashboards/transactions?period=day&created_at%3E=2026-10-30T15%3A00%3A00.000Z&created_at%3C=2026-11-02T14%3A59%3A59.999Z`,
      );
      const start = user.page.locator('.ant-picker-range input').first();
      const end = user.page.locator('.ant-picker-range input').last();
      await expect.poll(() => start.inputValue(), SLOW).toBe(language === 'nl' ? '31-10-2026' : '10/31/2026');
      expect(await end.inputValue()).toBe(language === 'nl' ? '02-11-2026' : '11/02/2026');
      await start.click();
      await start.fill(first);
      await start.press('Enter');
      await end.fill(last);
      await end.press('Enter');
      await expect
        .poll(() => new URL(user.page.url()).searchParams.get('created_at>'), SLOW)
        .toBe('2026-10-31T15:00:00.000Z');
      expect(new URL(user.page.url()).searchParams.get('created_at<')).toBe('2026-11-07T14:59:59.999Z');
      await expect.poll(() => start.inputValue(), SLOW).toBe(first);
      await screenshot(user.page, `range-picker-profile-zone-${language}`);
      await user.context.close();
    }
  });
});
