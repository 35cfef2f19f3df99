import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 level A and AA, as axe tags them. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What a person relying on a screen reader or a keyboard cannot get past: axe's serious and critical impacts. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The serious and critical WCAG 2.2 AA violations on the page as it is now, one line per rule and
 * element; `within` limits the check to a part of the page (the shell, the same on every route, needs checking once).
 */
export async function seriousViolations(page: Page, label: string, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${label}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
}
