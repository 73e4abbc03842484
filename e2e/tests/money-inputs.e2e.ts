import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type Language } from '../support/browser.ts';
import { getJson as api, signedInAs, useServerAndBrowser } from '../support/suite.ts';
import { drawer, openTab, SLOW } from '../support/ui.ts';
import { unique } from '../support/unique.ts';

// Issue 21: amounts and counts are read exactly as typed, in Dutch and in English, or refused on
// their field in words; nothing is rewritten or saved behind the user's back.

const suite = useServerAndBrowser();

/** What a person reads on the screens, per language. */
const words = {
  'en-US': {
    shown: '12.50',
    newPlan: 'New plan',
    newDiscount: 'New discount',
    save: 'Save',
    name: 'Name',
    amount: 'Amount',
    profile: /^Payment profile$/,
    intervalCount: 'Number of intervals',
    maxCycles: 'Max. cycles',
    duration: 'Duration',
    percentage: 'Percentage',
    addRefund: 'Add refund',
    refund: 'Refund',
    transaction: 'Transaction',
    minimum: 'Amount Minimum',
    editMax: 'Change maximum cycles',
    newLink: 'New payment link',
    refunds: 'Refunds',
    negative: 'A negative number is not allowed here',
    exponent: 'Write the number out in full: an exponent such as 1e3 is not accepted',
    ambiguous: 'Unclear: 1000 or 1.000? Type it without a thousands separator',
    ambiguousText: '1.000',
    decimals: 'At most 2 digits after the decimal point',
    whole: 'Enter a whole number',
    atLeast: (n: string) => `At least ${n}`,
    atMostPercent: 'At most 100 %',
    notRefundable: /cannot be refunded/,
  },
  nl: {
    shown: '12,50',
    newPlan: 'Nieuw plan',
    newDiscount: 'Nieuwe korting',
    save: 'Opslaan',
    name: 'Naam',
    amount: 'Bedrag',
    profile: /^Betaalprofiel$/,
    intervalCount: 'Aantal intervallen',
    maxCycles: 'Max. cycli',
    duration: 'Duur',
    percentage: 'Percentage',
    addRefund: 'Terugbetaling toevoegen',
    refund: 'Terugbetalen',
    transaction: 'Transactie',
    minimum: 'Bedrag Minimum',
    editMax: 'Maximum cycli wijzigen',
    newLink: 'Nieuwe betaallink',
    refunds: 'Terugbetalingen',
    negative: 'Een negatief getal is hier niet toegestaan',
    exponent: 'Schrijf het getal voluit: een exponent zoals 1e3 wordt niet geaccepteerd',
    ambiguous: 'Niet eenduidig: 12345 of 12,345? Typ het zonder scheidingsteken voor duizendtallen',
    ambiguousText: '12,345',
    decimals: 'Hoogstens 2 cijfers na de komma',
    whole: 'Voer een geheel getal in',
    atLeast: (n: string) => `Minimaal ${n}`,
    atMostPercent: 'Maximaal 100 %',
    notRefundable: /kan niet worden terugbetaald/,
  },
} as const;

const count = async (page: Page, entity: string) => (await api<{ count: number }>(page, `/v1/${entity}/count`)).count;
const money = (minor: number, language: Language) =>
  new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-US', { style: 'currency', currency: 'EUR' }).format(
    minor / 100,
  );

const dialog = (page: Page) => page.locator('.ant-modal:visible').last();

/** The message a number field shows about itself (linked by aria-describedby). */
const fieldError = async (field: Locator) => {
  const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/).filter(Boolean) ?? [];
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join('').trim();
};
/** Types into a field and leaves it, as a person does, and returns what the field then says. */
const typeAndLeave = async (field: Locator, text: string) => {
  await field.fill(text);
  await field.blur();
};
const expectRefused = async (field: Locator, text: string, message: string) => {
  await typeAndLeave(field, text);
  await expect.poll(() => fieldError(field), SLOW).toBe(message);
  // Nothing was rewritten: the field still holds what was typed.
  expect(await field.inputValue()).toBe(text);
};

const choose = async (page: Page, scope: Locator, label: RegExp, option: RegExp) => {
  await scope.getByLabel(label).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await item.waitFor({ state: 'visible', timeout: 20_000 });
  await item.click();
};

const signedIn = (language: Language) => signedInAs(suite, 'merchant@kassa.test', language);

/** Signs in, opens a list screen and its create form. */
const openCreate = async (language: Language, path: string, button: string) => {
  const opened = await signedIn(language);
  await opened.page.goto(path);
  await opened.page.getByRole('button', { name: button }).click();
  return opened;
};

type Tx = { id: string; merchant_reference: string | null; amount: number; refunded_amount: number; status: string };

describe.each(['en-US', 'nl'] as const)('money and number inputs in %s', (language) => {
  const w = words[language];

  it('plan: refuses wrong amounts and counts on their fields, then saves 12,50 as 1250', async () => {
    // A name of this attempt's own: a retry finds the first attempt's plan in the list.
    const planName = unique(`Money plan ${language}`);
    const { context, page } = await openCreate(language, '/subscriptions/plans', w.newPlan);
    const form = drawer(page);
    await form.getByLabel(w.name, { exact: true }).fill(planName);
    await choose(page, form, w.profile, /EUR/);
    const amount = form.getByLabel(w.amount, { exact: true });
    await expectRefused(amount, '-1', w.negative);
    await expectRefused(amount, '1e3', w.exponent);
    await expectRefused(amount, '0,001', w.decimals);
    await expectRefused(amount, w.ambiguousText, w.ambiguous);
    await expectRefused(form.getByLabel(w.intervalCount, { exact: true }), '0', w.atLeast('1'));
    await expectRefused(form.getByLabel(w.maxCycles, { exact: true }), '1,5', w.whole);
    const before = await count(page, 'plan');
    await form.getByRole('button', { name: w.save }).click();
    await screenshot(page, `money-inputs-plan-errors-${language}`);
    expect(await count(page, 'plan')).toBe(before);

    await typeAndLeave(amount, '12,50');
    expect(await amount.inputValue()).toBe(w.shown);
    await typeAndLeave(form.getByLabel(w.intervalCount, { exact: true }), '1');
    await typeAndLeave(form.getByLabel(w.maxCycles, { exact: true }), '');
    await form.getByRole('button', { name: w.save }).click();
    await expect.poll(() => count(page, 'plan'), SLOW).toBe(before + 1);
    const [saved] = await api<{ name: string; amount: number; max_billing_cycle: number | null }[]>(
      page,
      '/v1/plan?_limit=1',
    );
    expect(saved).toMatchObject({ name: planName, amount: 1250, max_billing_cycle: null });
    await expect
      .poll(async () => (await page.locator('.ant-table-row').filter({ hasText: planName }).textContent()) ?? '', SLOW)
      .toContain(money(1250, language));
    await context.close();
  });

  it('discount: a fixed 12,50 is 1250 cents, a percentage is typed as 12,5 % and 150 % or a negative duration is refused', async () => {
    const { context, page } = await openCreate(language, '/subscriptions/discounts', w.newDiscount);
    let form = drawer(page);
    await form.getByLabel(w.name, { exact: true }).fill(unique(`Money fixed ${language}`));
    const fixed = form.getByLabel(w.amount, { exact: true });
    await typeAndLeave(fixed, '12,50');
    expect(await fixed.inputValue()).toBe(w.shown);
    const before = await count(page, 'subscription-discount');
    await form.getByRole('button', { name: w.save }).click();
    await expect.poll(() => count(page, 'subscription-discount'), SLOW).toBe(before + 1);
    expect(
      (await api<{ amount: number; type: string }[]>(page, '/v1/subscription-discount?_limit=1'))[0],
    ).toMatchObject({ amount: 1250, type: 'fixed_cents' });

    await page.getByRole('button', { name: w.newDiscount }).click();
    form = drawer(page);
    await form.getByLabel(w.name, { exact: true }).fill(unique(`Money percent ${language}`));
    await form.getByLabel(w.percentage).check();
    const percent = form.getByLabel(w.amount, { exact: true });
    await expectRefused(percent, '150', w.atMostPercent);
    await expectRefused(form.getByLabel(w.duration, { exact: true }), '-1', w.negative);
    await form.getByRole('button', { name: w.save }).click();
    await screenshot(page, `money-inputs-discount-errors-${language}`);
    expect(await count(page, 'subscription-discount')).toBe(before + 1);

    await typeAndLeave(percent, '12,5');
    expect(await percent.inputValue()).toBe(w.shown);
    await typeAndLeave(form.getByLabel(w.duration, { exact: true }), '3');
    await form.getByRole('button', { name: w.save }).click();
    await expect.poll(() => count(page, 'subscription-discount'), SLOW).toBe(before + 2);
    expect(
      (await api<{ amount: number; type: string; duration: number }[]>(page, '/v1/subscription-discount?_limit=1'))[0],
    ).toMatchObject({ amount: 0.125, type: 'percentage', duration: 3 });
    await context.close();
  });

  it('refund: greys out a transaction that cannot be refunded, refuses 0,001 and refunds 12,50 with Enter', async () => {
    const { context, page } = await signedIn(language);
    const failed = (await api<Tx[]>(page, '/v1/transaction?status=FAILED&_limit=20')).find(
      (tx) => tx.merchant_reference,
    );
    const candidates = await api<Tx[]>(page, '/v1/transaction?status=SETTLEMENT_COMPLETED&_limit=100');
    const tx = candidates.filter((row) => row.merchant_reference && row.refunded_amount === 0 && row.amount >= 5000)[
      language === 'nl' ? 1 : 0
    ];
    expect(failed && tx).toBeTruthy();

    await page.goto('/refunds');
    await page.getByRole('button', { name: w.addRefund }).click();
    const add = dialog(page);
    const picker = add.getByRole('combobox', { name: w.transaction });
    await picker.fill(failed!.merchant_reference!);
    const greyed = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option-disabled')
      .filter({ hasText: failed!.merchant_reference! })
      .first();
    await greyed.waitFor({ timeout: 20_000 });
    expect(await greyed.textContent()).toMatch(w.notRefundable);
    await screenshot(page, `money-inputs-refund-not-refundable-${language}`);

    await picker.fill(tx.merchant_reference!);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)')
      .filter({ hasText: tx.merchant_reference! })
      .first()
      .click();
    const amount = add.getByLabel(w.amount, { exact: true });
    await expect.poll(() => amount.inputValue(), SLOW).not.toBe('');
    await expectRefused(amount, '0,001', w.decimals);
    await amount.press('Enter');
    await screenshot(page, `money-inputs-refund-errors-${language}`);
    expect((await api<Tx>(page, `/v1/transaction/${tx.id}`)).refunded_amount).toBe(0);

    await amount.fill('12,50');
    await add
      .getByLabel(/^(Reason \(optional\)|Reden)/)
      .fill(`${language === 'nl' ? 'Retour' : 'Return'}-${'x'.repeat(240)}`);
    await amount.press('Enter');
    await add.waitFor({ state: 'hidden', timeout: 20_000 });
    expect((await api<Tx>(page, `/v1/transaction/${tx.id}`)).refunded_amount).toBe(1250);

    // The long reason wraps inside the drawer's refunds tab: the status stays in view.
    await page.goto(`/transactions?open=${tx.id}`);
    const panel = drawer(page);
    await openTab(panel, w.refunds);
    const status = panel.locator('.ant-table-row .ant-tag').first();
    await status.waitFor({ timeout: 20_000 });
    const [tag, box] = await Promise.all([status.boundingBox(), panel.boundingBox()]);
    expect(tag!.x + tag!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await expect
      .poll(async () => (await panel.locator('.ant-table-row').first().textContent()) ?? '', SLOW)
      .toContain(money(1250, language));
    await screenshot(page, `money-inputs-refund-reason-wraps-${language}`);
    await context.close();
  });

  it('transactions filter: Minimum 12,50 filters amount>=1250 and 1e3 is refused', async () => {
    const { context, page } = await signedIn(language);
    await page.goto('/transactions');
    await page.waitForURL((url) => url.searchParams.has('created_at>'));
    const minimum = page.getByLabel(w.minimum, { exact: true });
    await minimum.fill('1e3');
    await minimum.press('Enter');
    await expect.poll(() => fieldError(minimum), SLOW).toBe(w.exponent);
    expect(new URL(page.url()).searchParams.has('amount>')).toBe(false);
    await screenshot(page, `money-inputs-filter-error-${language}`);
    await minimum.fill('12,50');
    await minimum.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('amount>'), SLOW).toBe('1250');
    expect(await minimum.inputValue()).toBe(w.shown);
    expect(await fieldError(minimum)).toBe('');
    await page.reload();
    await expect.poll(() => page.getByLabel(w.minimum, { exact: true }).inputValue(), SLOW).toBe(w.shown);
    await context.close();
  });

  it('subscription: maximum cycles 0 is refused and the live subscription stays live', async () => {
    const { context, page } = await signedIn(language);
    type Sub = { id: string; status: string; max_billing_cycle: number | null; last_paid_cycle: number | null };
    const [live] = await api<Sub[]>(page, `/v1/subscription?status=ACTIVE&_limit=1&_skip=${language === 'nl' ? 1 : 0}`);
    await page.goto(`/subscriptions?open=${live.id}`);
    await page.getByRole('button', { name: w.editMax }).click();
    const edit = dialog(page);
    const field = edit.getByLabel(w.maxCycles, { exact: true });
    await expectRefused(field, '0', w.atLeast(String(Math.max(1, live.last_paid_cycle ?? 1))));
    await edit.getByRole('button', { name: w.save }).click();
    await screenshot(page, `money-inputs-max-cycles-error-${language}`);
    expect(await api<Sub>(page, `/v1/subscription/${live.id}`)).toMatchObject({
      status: 'ACTIVE',
      max_billing_cycle: live.max_billing_cycle,
    });
    await expectRefused(field, '1,5', w.whole);
    await context.close();
  });

  it('payment link: 12,50 and Enter creates the link for 1250', async () => {
    const { context, page } = await openCreate(language, '/payment-links', w.newLink);
    const create = dialog(page);
    await choose(page, create, w.profile, /EUR/);
    const amount = create.getByLabel(w.amount, { exact: true });
    await expectRefused(amount, '1e3', w.exponent);
    await screenshot(page, `money-inputs-payment-link-error-${language}`);
    await amount.fill('12,50');
    await amount.press('Enter');
    await create.waitFor({ state: 'hidden', timeout: 20_000 });
    const [link] = await api<{ amount: number }[]>(page, '/v1/payment-link?_limit=1');
    expect(link.amount).toBe(1250);
    await context.close();
  });
});
