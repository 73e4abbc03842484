import { appRoutes, navigation, visibleNavigation, type NavArea, type TAppConfig, type TMe } from '@kassa/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../apps/api/src/demo/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, newContext, screenshot, type Language } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';

/**
 * WCAG 2.2 AA on every page (issue 10): every route of every demo account's menu, taken from the
 * navigation table so a screen added later is covered the day it exists, plus the pages outside
 * the menu and the signed-out pages; in Dutch and English, in the light and the dark theme. A
 * page fails on any serious or critical axe-core violation and on anything but exactly one h1.
 * `A11Y_SCREENSHOTS=1` keeps a screenshot of every page visited (e2e/screenshots/a11y-*).
 */

const LANGUAGES: Language[] = ['nl', 'en-US'];
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const takeScreenshots = process.env.A11Y_SCREENSHOTS === '1';

const suite = useServerAndBrowser();

/**
 * The system's colour scheme picks the theme (the default choice is 'system'); animations are
 * off as a person who asked for reduced motion has them, so no colour is measured mid-fade.
 */
const openContext = (language: Language, theme: Theme) =>
  newContext(suite.browser, suite.server.baseUrl, language, { colorScheme: theme, reducedMotion: 'reduce' });

/**
 * Waits until the page has rendered: its requests answered, its title (h1) there and no spinner
 * or skeleton left, for a quiet spell long enough that a lazily loaded screen has mounted and
 * asked for its data.
 */
const settle = async (page: Page, inFlight: () => number) => {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    // No h1 yet: the screen's lazily loaded code has not mounted its page title.
    // The previous page's title stays until the next one mounts (see goInApp).
    const busy =
      inFlight() > 0 ||
      (await page.evaluate(
        () =>
          document.querySelector('.ant-spin-spinning, .ant-skeleton-active') !== null ||
          !Array.from(document.querySelectorAll('h1')).some(
            (h1) => h1.getAttribute('data-a11y-left') !== h1.textContent,
          ),
      ));
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) return;
    await page.waitForTimeout(40);
  }
};

/** Counts the page's unanswered API and script requests. */
const trackRequests = (page: Page) => {
  let pending = 0;
  const counts = (url: string) => url.includes('/v1/') || url.includes('/assets/');
  page.on('request', (request) => counts(request.url()) && pending++);
  const done = (request: { url: () => string }) => counts(request.url()) && pending--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending;
};

/** An in-app navigation (no reload): the router follows the history like a click on a link. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    // The title of the page being left is marked, so settle() can tell when the next one is there.
    document.querySelectorAll('h1').forEach((h1) => h1.setAttribute('data-a11y-left', h1.textContent ?? ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** The serious and critical violations of the page as readable lines, and its h1 count. */
const audit = async (page: Page, label: string): Promise<string[]> => {
  const problems = await seriousViolations(page, label);
  // Said at once as well, so a long run shows what it found while it goes on.
  for (const problem of problems) console.log(problem);
  const h1s = await page.locator('h1').count();
  if (h1s !== 1) problems.push(`${label}: page-has-one-h1 (serious) expected exactly one h1, found ${h1s}`);
  if (takeScreenshots) await screenshot(page, `a11y-${label.replace(/[^a-z0-9]+/gi, '-')}`);
  return problems;
};

/** `key` is the route id in its area: the same screen for two accounts is audited once. */
type Visit = { path: string; key: string };

// The MFA account cannot sign in without its authenticator; its menu is a subset of merchant@'s.
const ACCOUNTS = DEMO_ACCOUNTS.map((account) => account.email).filter((email) => email !== 'secure@kassa.test');

/** Paths without parameters that a user of these roles may open: menu items first, then the other pages. */
const routesOf = (me: TMe, modules: TAppConfig['modules'], area: NavArea, prefix: string): Visit[] => {
  const menu = visibleNavigation({
    roles: me.roles,
    isProvider: me.is_provider,
    modules,
    area,
    features: me.features,
  }).filter((item) => !item.external);
  const inMenu = new Set(navigation.map((item) => item.id));
  const others = appRoutes.filter(
    (route) =>
      !inMenu.has(route.id) &&
      !route.developmentOnly &&
      !route.route.includes(':') &&
      (route.area === area || route.area === 'any') &&
      (!route.providerOnly || me.is_provider),
  );
  return [...menu, ...others].map((item) => ({
    key: `${area}:${item.id}`,
    path: item.route === '/' && prefix ? prefix : `${prefix}${item.route}`,
  }));
};

const signIn = async (context: BrowserContext, email: string) => {
  const response = await context.request.post('/v1/auth/login', { data: { username: email, password: DEMO_PASSWORD } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return (await (await context.request.get('/v1/auth/me')).json()) as TMe;
};

/**
 * The pages of every demo account, each route id once (the first account whose menu has it),
 * so the same screen is not audited twice for two accounts with the same roles. The provider's
 * merchant pages are visited in a merchant context (`/psp/merchants/{id}/…`).
 */
let planned: Promise<{ email: string; visits: Visit[] }[]> | undefined;
const plan = () => (planned ??= makePlan());
const makePlan = async (): Promise<{ email: string; visits: Visit[] }[]> => {
  const context = await newContext(suite.browser, suite.server.baseUrl);
  const { modules } = (await (await context.request.get('/v1/app-config')).json()) as TAppConfig;
  const seen = new Set<string>();
  const result: { email: string; visits: Visit[] }[] = [];
  for (const email of ACCOUNTS) {
    await context.clearCookies();
    const me = await signIn(context, email);
    let visits = routesOf(me, modules, me.is_provider ? 'provider' : 'merchant', '');
    if (me.is_provider) {
      const merchants = (await (
        await context.request.get('/v1/organisation?type=merchant&_sort=name&_limit=1')
      ).json()) as { id: string }[];
      visits = [...visits, ...routesOf(me, modules, 'merchant', `/psp/merchants/${merchants[0].id}`)];
    }
    const fresh = visits.filter((visit) => !seen.has(visit.key));
    fresh.forEach((visit) => seen.add(visit.key));
    result.push({ email, visits: fresh });
  }
  await context.close();
  return result;
};

const SIGNED_OUT = [
  '/login',
  '/forgotPassword',
  '/logout',
  '/mfa?username=someone%40example.com&mfa_token=x&mfa_type=google',
  '/mfa/setup?token=x&required_type=google',
  '/updatePassword?token=x',
  '/updateEmail?token=x',
];

/**
 * Which pages a combination audits. The light theme: every page in both languages. The dark theme
 * changes colours, not words, so its two languages share the pages between them (every other page
 * each): every page is still audited dark, in one of the two languages, for three quarters of the time.
 */
const shareOf = (language: Language, theme: Theme) => (index: number) =>
  theme === 'light' || index % 2 === LANGUAGES.indexOf(language);

/** The signed-out pages, then every page of every account in one context each: problems as lines. */
const auditCombination = async (language: Language, theme: Theme): Promise<string[]> => {
  const problems: string[] = [];
  const mine = shareOf(language, theme);
  const signedOut = await openContext(language, theme);
  const page = await signedOut.newPage();
  const inFlight = trackRequests(page);
  for (const path of SIGNED_OUT.filter((_, index) => mine(index))) {
    await page.goto(path);
    await settle(page, inFlight);
    problems.push(...(await audit(page, `${theme} ${language} signed out ${path}`)));
  }
  await signedOut.close();
  for (const planned of await plan()) {
    const { email } = planned;
    const visits = planned.visits.filter((_, index) => mine(index));
    if (visits.length === 0) continue; // every page of this menu was audited for an earlier account
    const context = await openContext(language, theme);
    await signIn(context, email);
    const page = await context.newPage();
    const inFlight = trackRequests(page);
    await page.goto('/profile');
    await settle(page, inFlight);
    for (const visit of visits) {
      const t0 = Date.now();
      await goInApp(page, visit.path);
      await settle(page, inFlight);
      const t1 = Date.now();
      problems.push(...(await audit(page, `${theme} ${language} ${email} ${visit.path}`)));
      if (process.env.A11Y_TIMING)
        console.log(
          `TIMING ${visit.path} settle=${t1 - t0} audit=${Date.now() - t1} nodes=${await page.evaluate(() => document.querySelectorAll('*').length)}`,
        );
    }
    await context.close();
  }
  return problems;
};

// The four combinations run side by side (one browser, a context each): the machine waits on
// the server and on Chromium's renderers in turn. About 90 pages in light, 45 in dark: on a machine shared with
// other heavy work a combination took over ten minutes, hence the generous timeout.
describe.concurrent('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const theme of THEMES) {
    for (const language of LANGUAGES) {
      const which = theme === 'light' ? 'every page' : 'every other page';
      it(`${theme} theme in ${language}: the signed-out pages and ${which} of every demo account’s menu`, async ({
        expect,
      }) => {
        const problems = await auditCombination(language, theme);
        expect(problems, problems.join('\n')).toEqual([]);
      }, 900_000);
    }
  }
});
