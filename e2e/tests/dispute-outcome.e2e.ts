import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { screenshot } from '../support/browser.ts';
import { getJson, postJson, signedInAs, useServerAndBrowser } from '../support/suite.ts';

const suite = useServerAndBrowser();

type Chargeback = { id: string; status: string; due_at: string | null; response_outcome: string | null };
type Dispute = { checklist: { kind: string; required: boolean; covered: boolean }[] };

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/**
 * Issue 36: a merchant answers two chargebacks and sees one won and one lost. The sandbox issuer
 * decides a minute after the answer, by a documented rule: won when every item the reason code
 * requires is covered (by a file of its kind or by what Kassa holds), lost otherwise. One answer
 * brings a file for every required item, the other only words.
 */
describe('the outcome of a dispute', () => {
  it('shows one answered chargeback won and one lost, in English and Dutch', async () => {
    const { page, context } = await signedInAs(suite, 'merchant@kassa.test', 'en-US');
    await page.goto('/chargebacks');
    const open = (await getJson<Chargeback[]>(page, '/v1/chargeback?status=OPEN&_sort=due_at&_limit=100')).filter(
      (c) => c.due_at && new Date(c.due_at) > new Date() && c.response_outcome === null,
    );
    const withGaps: { chargeback: Chargeback; missing: string[] }[] = [];
    for (const chargeback of open) {
      const dispute = await getJson<Dispute>(page, `/v1/chargeback/${chargeback.id}/dispute`);
      const missing = dispute.checklist.filter((item) => item.required && !item.covered).map((item) => item.kind);
      if (missing.length > 0) withGaps.push({ chargeback, missing });
    }
    expect(withGaps.length).toBeGreaterThanOrEqual(2);
    const [toWin, toLose] = withGaps;

    const origin = new URL(page.url()).origin;
    for (const kind of toWin.missing) {
      const upload = await page.request.post(
        `${origin}/v1/chargeback/${toWin.chargeback.id}/evidence?kind=${kind}&file_name=${kind}.pdf`,
        { data: PDF, headers: { origin, 'content-type': 'application/octet-stream' } },
      );
      expect(upload.status(), await upload.text()).toBeLessThan(300);
    }
    await postJson(page, `/v1/chargeback/${toWin.chargeback.id}/dispute`, {
      response: 'Every document the reason code asks for is attached.',
    });
    await postJson(page, `/v1/chargeback/${toLose.chargeback.id}/dispute`, {
      response: 'We believe the customer received the goods.',
    });

    // The sandbox issuer decides on the lifecycle job's next run after a minute.
    const statusOf = async (id: string) => (await getJson<Chargeback>(page, `/v1/chargeback/${id}`)).status;
    await expect
      .poll(async () => [await statusOf(toWin.chargeback.id), await statusOf(toLose.chargeback.id)], {
        timeout: 200_000,
        interval: 5_000,
      })
      .toEqual(['WON', 'LOST']);

    for (const [language, won, lost] of [
      ['en-US', 'Won', 'Lost'],
      ['nl', 'Gewonnen', 'Verloren'],
    ] as const) {
      const session =
        language === 'en-US' ? { page, context } : await signedInAs(suite, 'merchant@kassa.test', language);
      for (const [id, label, name] of [
        [toWin.chargeback.id, won, 'won'],
        [toLose.chargeback.id, lost, 'lost'],
      ] as const) {
        await session.page.goto('/chargebacks');
        await session.page.waitForURL((url) => url.searchParams.has('created_at>'));
        await session.page.goto(`${session.page.url()}&open=${id}`);
        const drawer = session.page.locator('.ant-drawer');
        await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toContain(label);
        await screenshot(session.page, `dispute-${name}-${language === 'nl' ? 'nl' : 'en'}`);
      }
      expect(await seriousViolations(session.page, `dispute lost ${language}`)).toEqual([]);
      if (session.context !== context) await session.context.close();
    }
    await context.close();
  }, 300_000);
});
