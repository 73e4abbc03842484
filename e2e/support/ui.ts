import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';
/** Polls of the browser tests: 20 s, as a loaded machine needs. */
export const SLOW = { timeout: 20_000, interval: 250 };
/** The open form or detail drawer. */
export const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper:visible').last();

/** Picks an option of the antd select labelled `label` in the open drawer by the option's visible text. */
export const choose = async (page: Page, label: RegExp, option: RegExp, typed?: string) => {
  const select = drawer(page).getByLabel(label);
  await select.click();
  if (typed) await select.fill(typed);
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await item.waitFor({ state: 'visible', timeout: 20_000 });
  await item.click();
  // A multi-select stays open, and a list still loading may swallow the click: close it by clicking the drawer's title.
  if (await page.locator('.ant-select-dropdown:visible').count()) await drawer(page).locator('.ant-drawer-title').click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), SLOW).toBe(0);
};

