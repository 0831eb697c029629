/**
 * axe-core in the page. It is injected as a script, which the app's strict CSP
 * forbids, so audits run in contexts of their own created with `bypassCSP: true`; the journeys'
 * contexts inject nothing and keep their CSP checks meaningful.
 */
import { readFileSync } from 'node:fs';
import { type Locator, type Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

export interface AxeFinding {
  where: string;
  violations: AxeViolation[];
}

/** Runs axe (WCAG 2.x A/AA and best practices) on the page or inside one element of it. */
export async function runAxe(page: Page, within?: Locator): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ content: AXE_SOURCE });
  const handle = within ? await within.elementHandle() : null;
  const audit = async (element: Element | null): Promise<AxeViolation[]> => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe;
    const result = (await axe.run(element ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  };
  return (page.evaluate as (fn: typeof audit, arg: unknown) => Promise<AxeViolation[]>)(audit, handle);
}

export const isSerious = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';

/** A readable list of findings for a failure message and the saved report. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .flatMap(({ where, violations }) =>
      violations.map(
        (v) =>
          `${where}: [${v.impact}] ${v.id} — ${v.help}\n` +
          v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(' ')}: ${n.html.slice(0, 160)}`)
            .join('\n'),
      ),
    )
    .join('\n');
}
