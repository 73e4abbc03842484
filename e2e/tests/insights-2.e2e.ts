import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { screenshot, type Language } from '../support/browser.ts';
import { seriousViolations } from '../support/axe.ts';
import { latestMail } from '../support/mailbox.ts';
import { getJson as api, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { animationsDone } from '../support/ui.ts';
import { unique, uniqueEmail } from '../support/unique.ts';

// Schedules are checked every 2 s here (60 s by default), so a new schedule's first report comes at once.
const suite = useServerAndBrowser({ REPORT_SCHEDULE_EVERY_SECONDS: '2' });

const signedIn = (email: string, language: Language) => signedInAs(suite, email, language);
const csvRows = async (path: string) => (await readFile(path, 'utf8')).split('\r\n').filter((line) => line !== '');

describe('reports', () => {
  it('a report is created, becomes PROCESSED, downloads, and its CSV rows equal the list count (nl and en)', async () => {
    // A name of this attempt's own: a retry finds the first attempt's report in the list.
    const reportName = unique('Alle transacties e2e');
    const { page, context } = await signedIn('merchant@kassa.test', 'nl');
    await page.goto('/reports/transactions');
    await page.getByRole('heading', { level: 1, name: 'Transactierapporten' }).waitFor();
    await page.getByRole('button', { name: 'Rapport maken' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Naam').fill(reportName);
    await drawer.getByRole('button', { name: 'Rapport maken' }).click();
    const item = page.locator('.ant-collapse-item').filter({ hasText: reportName }).first();
    await item.waitFor();
    await item.locator('[data-status="PROCESSED"]').waitFor({ timeout: 30_000 });
    const [report] = await api<{ id: string; count: number }[]>(page, '/v1/report?_sort=-created_at&_limit=1');
    const { count } = await api<{ count: number }>(page, '/v1/transaction/count');
    expect(report.count).toBe(count);
    const downloadEvent = page.waitForEvent('download');
    await item.getByTestId('report-download').click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`${reportName.replace(/ /g, '-')}.csv`);
    const rows = await csvRows(await download.path());
    expect(rows[0]).toBe('id,created_at,merchant_reference,amount,currency_code,status,payment_product_type');
    expect(rows.length - 1).toBe(count);
    await item.getByText('Regels').waitFor();
    expect(await seriousViolations(page, 'reports nl')).toEqual([]);
    await screenshot(page, 'insights-reports-nl');
    await context.close();

    const en = await signedIn('merchant@kassa.test', 'en-US');
    await en.page.goto('/reports/transactions');
    await en.page.locator('.ant-collapse-item').first().getByText(reportName).waitFor();
    await en.page.getByRole('button', { name: 'Clone' }).click();
    await en.page.getByRole('dialog').getByLabel('Name').waitFor();
    expect(await en.page.getByRole('dialog').getByLabel('Name').inputValue()).toBe(`Copy of ${reportName}`);
    await screenshot(en.page, 'insights-reports-clone-en-US');
    await en.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await animationsDone(en.page);
    await screenshot(en.page, 'insights-reports-en-US');
    await en.context.close();
  });

  it('a schedule makes a report and mails a working _download=true link (en, nl)', async () => {
    // A name and an address of this attempt's own: the newest mail to a fixed address could be the first attempt's.
    const scheduleName = unique('Daily finance');
    const recipient = uniqueEmail('finance', 'zuiderzee.test');
    const { page, context } = await signedIn('merchant@kassa.test', 'en-US');
    await page.goto('/reports/schedules');
    await page.getByRole('heading', { level: 1, name: 'Report schedules' }).waitFor();
    await page.getByRole('button', { name: 'Create schedule' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name').fill(scheduleName);
    await drawer.getByLabel('E-mail address').fill(recipient);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: scheduleName }).first().waitFor();
    const mail = await latestMail(suite.server.baseUrl, recipient);
    // In the language of the user's profile (Dutch), named after yesterday (local day).
    const yesterday = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(Date.now() - 86_400_000),
    );
    expect(mail.subject).toBe(`Rapport "${scheduleName} ${yesterday}" staat klaar`);
    const link = /(http\S+_download=true\S+)/.exec(mail.text)?.[1] ?? '';
    expect(new URL(link).pathname).toBe('/reports/transactions');
    await page.reload();
    await page.getByRole('cell', { name: scheduleName }).first().waitFor();
    expect(await seriousViolations(page, 'report schedules en')).toEqual([]);
    await screenshot(page, 'insights-report-schedules-en-US');

    // The mailed link opens the download page, which downloads the report at once.
    const downloadEvent = page.waitForEvent('download');
    await page.goto(link);
    await page.waitForURL(/\/reports\/transactions\/[^/]+\/download$/);
    const download = await downloadEvent;
    const rows = await csvRows(await download.path());
    const id = new URL(link).searchParams.get('id');
    const report = await api<{ count: number }>(page, `/v1/report/${id}`);
    expect(rows.length - 1).toBe(report.count);
    await page.getByTestId('download-state').filter({ hasText: 'The report has been downloaded.' }).waitFor();
    await screenshot(page, 'insights-report-download-en-US');
    await context.close();

    const nl = await signedIn('merchant@kassa.test', 'nl');
    await nl.page.goto('/reports/schedules');
    await nl.page.getByRole('cell', { name: 'Dagelijks' }).first().waitFor();
    await screenshot(nl.page, 'insights-report-schedules-nl');
    await nl.context.close();
  });
});

describe('insights screens', () => {
  it('RFM segments computed by the job, in both languages', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedIn('merchant@kassa.test', language);
      await page.goto('/customers/rfm');
      await page
        .getByRole('heading', {
          level: 1,
          name: language === 'nl' ? 'Klantsegmenten (RFM)' : 'Customer segments (RFM)',
        })
        .waitFor();
      // The job scored the demo customers at start: every segment row has its stored time.
      await expect
        .poll(
          async () =>
            (await api<{ updated_at: string | null }[]>(page, '/v1/customer/aggregate/rfm')).every(
              (r) => r.updated_at !== null,
            ),
          { timeout: 30_000 },
        )
        .toBe(true);
      const rows = await api<{ segment: string; count: number }[]>(page, '/v1/customer/aggregate/rfm');
      const champions = rows.find((r) => r.segment === 'champions');
      expect(champions?.count).toBeGreaterThan(0);
      await page.reload();
      const row = page
        .getByRole('row', { name: new RegExp(language === 'nl' ? 'Kampioenen|Champions' : 'Champions') })
        .first();
      await row.waitFor();
      expect(await row.textContent()).toContain(
        new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US').format(champions!.count),
      );
      await page.locator('canvas').first().waitFor();
      expect(await seriousViolations(page, `rfm ${language}`)).toEqual([]);
      await animationsDone(page);
      await screenshot(page, `insights-rfm-${language}`);
      await context.close();
    }
  });

  it('the 56-day split shows the last 28 whole days against the 28 before (nl, en)', async () => {
    for (const language of ['nl', 'en-US'] as const) {
      const { page, context } = await signedIn('merchant@kassa.test', language);
      const answer = page.waitForResponse(
        (r) => r.url().includes('/v1/statistics/aggregate/day') && r.url().includes('blocked=false'),
      );
      await page.goto('/dashboards/transactions');
      const days = (await (await answer).json()) as { date: string; amount: number }[];
      expect(days.length).toBe(57);
      const whole = days.slice(0, 56);
      const last = whole.slice(28).reduce((sum, d) => sum + d.amount, 0);
      const money = (minor: number) =>
        new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US', { style: 'currency', currency: 'EUR' }).format(
          minor / 100,
        );
      await expect.poll(() => page.getByTestId('split-last').textContent()).toBe(money(last));
      await page.getByTestId('split-last').scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      await screenshot(page, `insights-split-${language}`);
      await context.close();
    }
  });

  it('the provider dashboard shows pound revenue only when GBP is chosen, never added to euros', async () => {
    const { page, context } = await signedIn('admin@kassa.test', 'en-US');
    // A pound payment now, so the last 24 hours hold pounds whatever the demo world's dice gave.
    const [gbp] = await api<{ id: string }[]>(page, '/v1/paymentprofile?currency_code=GBP&_limit=1');
    const paid = await page.evaluate(
      async (profile) =>
        (
          await fetch('/v1/transaction', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-gbp-${Date.now()}` },
            body: JSON.stringify({
              payment_profile: profile,
              amount: 4321,
              payment_product_type: 'card',
              merchant_reference: 'E2E-GBP',
            }),
          })
        ).json() as Promise<{ status: string; currency_code: string }>,
      gbp.id,
    );
    expect(paid.currency_code).toBe('GBP');
    expect(['AUTHORIZED', 'SETTLEMENT_REQUESTED']).toContain(paid.status);
    await page.goto('/');
    await page
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: 'Currency' }) })
      .click();
    await page.locator('.ant-select-item-option', { hasText: 'Amounts in GBP' }).click();
    await page.waitForURL(/currency_code=GBP/);
    const top = await api<{ name: string; last24hours: { amount: number } }[]>(
      page,
      '/v1/statistics/merchant/revenue?_limit=5&currency_code=GBP',
    );
    expect(top.length).toBeGreaterThan(0);
    await page
      .getByText(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'GBP' }).format(top[0].last24hours.amount / 100),
      )
      .first()
      .waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'insights-dashboard-gbp-en-US');
    await context.close();
  });
});
