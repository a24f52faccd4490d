// axe-core run in the page by the journeys (accessibility.spec.ts, notificacoes.spec.ts).
import type { Page } from '@playwright/test';
import axe from 'axe-core';

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/**
 * WCAG 2.5.3 (Label in Name, level A): axe tags its rule experimental and leaves it off unless
 * asked; a control's accessible name must contain its visible text (speech users say what they see).
 */
const EXPERIMENTAL_RULES: axe.RuleObject = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Serious and critical WCAG 2.2 AA violations of the page as it stands, one line each. axe-core is
 * loaded once per document and run in place: @axe-core/playwright loads it again for every check
 * and finishes each run in a new page, about 0.9 s a check against 0.15 s here (the routes are
 * visited inside the app, one document).
 *
 * Colours are measured at rest: with axe loaded, the document's transitions are turned off, so a
 * toast that starts fading in or out while axe runs (a save's "done", hidden after 4 s) or a field
 * enabled as its choices arrive is never read at half opacity.
 */
export async function violations(
  page: Page,
  where: string,
  runOnly: axe.RunOnly = { type: 'tag', values: WCAG_AA },
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await page.evaluate(axe.source);
  }
  const found = await page.evaluate(
    (options) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { ...options, resultTypes: ['violations'] })
        .then((results) =>
          results.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => {
              const nodes = v.nodes.map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`);
              return `${v.id} (${v.impact}) at ${nodes.join('; ')}`;
            }),
        ),
    { runOnly, rules: runOnly.type === 'tag' ? EXPERIMENTAL_RULES : undefined },
  );
  return found.map((line) => `${where}: ${line}`);
}
