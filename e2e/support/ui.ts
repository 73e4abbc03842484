import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';
/** Polls of the browser tests: 20 s, as a loaded machine needs. */
export const SLOW = { timeout: 20_000, interval: 250 };
/** The open form or detail drawer. */
export const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper:visible').last();

/** Whether the antd select `field` shows a chosen value matching `option` (its text or, when cut short, its title). */
const showsChoice = async (field: Locator, option: RegExp) => {
  // A multi-select shows each choice as an item, a single select its value in its content (both with a title).
  for (const item of await field.locator('.ant-select-selection-item, .ant-select-content-has-value').all()) {
    const text = ((await item.textContent()) ?? '').trim();
    if (option.test(text) || option.test((await item.getAttribute('title')) ?? '')) return true;
  }
  return false;
};

/**
 * Picks an option of the antd select labelled `label` in the open drawer by the option's visible
 * text, and checks that the select then shows it. A click on an option is lost when the list
 * renders anew under the pointer (a query settling on a busy machine): the dropdown then stays
 * open with nothing chosen, and a form sent next fails on a required field. So it chooses again
 * until the select shows the choice, as a person would.
 */
export const choose = async (page: Page, label: RegExp, option: RegExp, typed?: string) => {
  const select = drawer(page).getByLabel(label);
  const field = drawer(page)
    .locator('.ant-select')
    .filter({ has: page.getByLabel(label) })
    .first();
  for (let attempt = 1; ; attempt++) {
    await select.click();
    if (typed) await select.fill(typed);
    const item = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first();
    await item.waitFor({ state: 'visible', timeout: 20_000 });
    await item.click();
    // A multi-select stays open, and so does a list whose click was lost: close it by clicking the drawer's title.
    if (await page.locator('.ant-select-dropdown:visible').count())
      await drawer(page).locator('.ant-drawer-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), SLOW).toBe(0);
    // The form may take a moment to render the value it was given.
    for (let look = 0; look < 4; look++) {
      if (await showsChoice(field, option)) return;
      await page.waitForTimeout(250);
    }
    if (attempt === 3) throw new Error(`${label} does not show ${option} after three choices`);
    console.warn(`choose: ${label} does not show ${option} after choice ${attempt}; choosing again`);
  }
};

/** Keyboard only: focus an antd select, type to filter, Enter picks the first match. */
export const typeInto = async (page: Page, select: Locator, text: string) => {
  await select.focus();
  await page.keyboard.type(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await option.waitFor({ state: 'visible', timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), SLOW).toBe(0);
};
/** Mouse: open an antd select and click the option with this text. */
export const clickOption = async (page: Page, select: Locator, option: RegExp) => {
  await select.click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await item.waitFor({ state: 'visible', timeout: 20_000 });
  await item.click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), SLOW).toBe(0);
};

/**
 * Chooses the tab `name` in `scope` (a detail drawer) until it is selected — and, when given,
 * until `shows` is visible. Right after navigation or a fresh sign-in the drawer can render anew
 * once while its data settles, which swallows a click made at once; choosing again is what a
 * person would do.
 */
export const openTab = async (scope: Locator, name: string | RegExp, shows?: Locator) => {
  const tab = scope.getByRole('tab', { name, exact: typeof name === 'string' });
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected', { timeout: 2_000 }).catch(() => null)) !== 'true')
          await tab.click({ timeout: 5_000 }).catch(() => undefined);
        if ((await tab.getAttribute('aria-selected', { timeout: 2_000 }).catch(() => null)) !== 'true') return false;
        return shows ? shows.isVisible() : true;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
};

/**
 * Waits until no finite animation or transition runs on the page (a drawer sliding in, a dialog
 * fading in), so a screenshot shows the screen at rest. Spinners animate forever and are left out.
 */
export const animationsDone = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
              ).length,
        ),
      SLOW,
    )
    .toBe(0);

/**
 * Opens a transaction's detail on the tab named `tab` (its Decision tab) and waits until `expected`
 * shows in it; answers the detail panel.
 */
export const openTransactionTab = async (page: Page, id: string, tab: RegExp, expected: string | RegExp) => {
  await page.goto(`/transactions?open=${id}`);
  const detail = page.locator('.ant-drawer');
  await openTab(
    detail,
    tab,
    detail.getByText(expected, typeof expected === 'string' ? { exact: true } : undefined).first(),
  );
  await animationsDone(page);
  return detail;
};
