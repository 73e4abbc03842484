import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { getJson as api, signedInAs, useServerAndBrowser } from '../support/suite.ts';

const suite = useServerAndBrowser();

type Case = { id: string; status: string; transaction: string };
type Tx = { id: string; status: string };

const LABELS = {
  'en-US': {
    title: 'Review queue',
    approve: 'Approve',
    declineSelected: /^Decline selected \(2\)$/,
    reason: 'Reason for declining',
    decline: 'Decline',
    close: 'Close',
  },
  nl: {
    title: 'Beoordelingswachtrij',
    approve: 'Goedkeuren',
    declineSelected: /^Selectie afwijzen \(2\)$/,
    reason: 'Reden van afwijzing',
    decline: 'Afwijzen',
    close: 'Sluiten',
  },
} as const;

describe('the review queue', () => {
  for (const lang of ['en-US', 'nl'] as const) {
    it(`a reviewer approves one held payment and declines two in bulk (${lang})`, async () => {
      const l = LABELS[lang];
      const { page } = await signedInAs(suite, 'merchant@kassa.test', lang);
      await page.goto('/review');
      await page.waitForURL((url) => url.searchParams.getAll('status[]').includes('PENDING'));
      await page.getByRole('heading', { level: 1, name: l.title }).waitFor();
      // The queue is the screen's last table: the dashboard above it has tables of its own.
      const rows = page.locator('.ant-table').last().locator('.ant-table-row');
      await rows.first().waitFor();
      await screenshot(page, `review-queue-${lang}`);
      const pending = await api<Case[]>(page, '/v1/review?status=PENDING&_sort=sla_due_at');
      expect(pending.length).toBeGreaterThanOrEqual(3);

      // One payment: open it and approve it from its panel.
      await rows.first().click();
      await page.waitForURL((url) => url.searchParams.has('open'));
      const openId = new URL(page.url()).searchParams.get('open') as string;
      const drawer = page.locator('.ant-drawer');
      await drawer.getByRole('button', { name: l.approve, exact: true }).waitFor();
      await screenshot(page, `review-detail-${lang}`);
      await drawer.getByRole('button', { name: l.approve, exact: true }).click();
      await expect.poll(async () => (await api<Case>(page, `/v1/review/${openId}`)).status).toBe('APPROVED');
      const approved = await api<Case>(page, `/v1/review/${openId}`);
      expect((await api<Tx>(page, `/v1/transaction/${approved.transaction}`)).status).toBe('SETTLEMENT_REQUESTED');
      await page.getByRole('button', { name: l.close, exact: true }).click();

      // Two more: tick them and decline both with a reason.
      await expect.poll(() => rows.count()).toBe(pending.length - 1);
      const boxes = rows.locator('.ant-checkbox-input');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole('button', { name: l.declineSelected }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(l.reason).fill(`Card testing pattern (${lang})`);
      await screenshot(page, `review-decline-${lang}`);
      await dialog.getByRole('button', { name: l.decline, exact: true }).click();
      await expect.poll(() => rows.count()).toBe(pending.length - 3);
      const declined = await api<(Case & { decline_reason: string })[]>(page, '/v1/review?status=DECLINED');
      const mine = declined.filter((c) => c.decline_reason === `Card testing pattern (${lang})`);
      expect(mine).toHaveLength(2);
      for (const c of mine)
        expect((await api<Tx>(page, `/v1/transaction/${c.transaction}`)).status).toBe('AUTHORIZATION_VOIDED');
      await screenshot(page, `review-after-${lang}`);
    });
  }
});

type Chargeback = {
  id: string;
  status: string;
  due_at: string | null;
  response_outcome: string | null;
  reason_code: string;
};
/** Kassa's descriptions of the reason codes it knows, in `lang`, by code ('13.1' as '13_1'). */
const reasonCodes = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../apps/web/public/assets/i18n/${lang}/main.json`, import.meta.url), 'utf8'))
    .chargebacks.reasonCodes;
const anyOf = (texts: string[]) =>
  new RegExp(texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
const DISPUTE = {
  'en-US': {
    tab: 'Dispute',
    kind: 'What the file proves',
    proof: 'Proof of delivery',
    file: 'Add a file',
    response: 'Written response',
    submit: 'Submit response',
  },
  nl: {
    tab: 'Geschil',
    kind: 'Wat het bestand bewijst',
    proof: 'Bewijs van levering',
    file: 'Bestand toevoegen',
    response: 'Schriftelijke reactie',
    submit: 'Reactie indienen',
  },
} as const;

describe('answering a chargeback', () => {
  for (const [index, lang] of (['en-US', 'nl'] as const).entries()) {
    it(`a merchant answers a chargeback with a file (${lang})`, async () => {
      const l = DISPUTE[lang];
      const { page } = await signedInAs(suite, 'merchant@kassa.test', lang);
      await page.goto('/chargebacks');
      await page.waitForURL((url) => url.searchParams.has('created_at>'));
      const open = (await api<Chargeback[]>(page, '/v1/chargeback?status=OPEN&_sort=due_at&_limit=100')).filter(
        (c) => c.due_at && new Date(c.due_at) > new Date() && c.response_outcome === null,
      );
      expect(open.length).toBeGreaterThan(index);
      const target = open[index];
      // The reason code's description is in the user's language (the demo's acquirer sends English).
      const descriptions = reasonCodes(lang);
      const described = descriptions[target.reason_code.replace('.', '_')];
      expect(described, target.reason_code).toBeTruthy();
      await page
        .getByRole('table')
        .getByText(anyOf(Object.values(descriptions)))
        .first()
        .waitFor();
      await screenshot(page, `chargebacks-list-${lang}`);
      await page.goto(`${page.url()}&open=${target.id}`);
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText(described, { exact: true }).waitFor();
      await drawer.getByRole('tab', { name: l.tab }).click();
      await drawer.getByRole('combobox', { name: l.kind }).click();
      await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${l.proof}$`) }).click();
      await drawer.getByLabel(l.file).setInputFiles({
        name: 'delivery.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await drawer.getByRole('link', { name: 'delivery.pdf' }).waitFor();
      await drawer.getByLabel(l.response).fill('Delivered to the address given; signed for on arrival.');
      await screenshot(page, `dispute-answer-${lang}`);
      await drawer.getByRole('button', { name: l.submit }).click();
      await expect
        .poll(async () => (await api<Chargeback>(page, `/v1/chargeback/${target.id}`)).status)
        .toBe('IN_DISPUTE');
      await screenshot(page, `dispute-submitted-${lang}`);
    });
  }
});
