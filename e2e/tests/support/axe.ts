import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Runs axe-core on the page as it is now and expects no violation of any rule (WCAG 2.x A and
 * AA, and axe's best practices). axe is evaluated through the DevTools protocol, which the
 * page's Content-Security-Policy does not apply to, so the page keeps its real policy.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // A screen whose code is still on its way has no heading yet, and axe would judge the empty
  // frame: every screen has a level-one heading once it is drawn (axe checks that too).
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A fade-in caught half-way reads as low contrast; jump every finite animation to its end
  // so axe judges the colours a person actually reads.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish();
    }
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: Violation[] }> };
      }
    ).axe.run(document);
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}
