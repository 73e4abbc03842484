import axe from 'axe-core';
import type { Page } from 'playwright-core';

type AxeWindow = { axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } };
type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * axe-core's serious and critical violations on the page (or inside `include`, a CSS selector),
 * one readable line each: where, rule, impact, what it asks, the element and why it failed.
 *
 * axe is put into the page once and stays there while the app navigates in place, instead of
 * being injected again for every audit (that alone cost about a second a page on two cores).
 * Only violations are collected. Frames are left out: the one frame Kassa has is the checkout
 * preview, which shows the merchant's own colours (docs/decisions.md).
 */
export const seriousViolations = async (page: Page, label: string, include?: string): Promise<string[]> => {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ context }) =>
      (
        await (window as AxeWindow).axe!.run(context ?? document, {
          resultTypes: ['violations'],
          iframes: false,
          // label-content-name-mismatch is experimental in axe-core, but it is WCAG 2.5.3 (Label in Name).
          rules: { 'label-content-name-mismatch': { enabled: true } },
        })
      ).violations,
    { context: include },
  );
  const found = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${label}: ${violation.id} (${violation.impact}) ${violation.help} → ${node.target.join(' ')}${node.failureSummary ? ` | ${node.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`,
        ),
    );
  // Said here too: an assertion on the list shows only its length ("[ …(2) ]") in the run's output.
  if (found.length > 0) console.error(`[axe] ${found.join('\n[axe] ')}`);
  return found;
};
