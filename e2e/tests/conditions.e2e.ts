import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionCases } from '../../contract/test/condition-cases.ts';
import { repoRoot } from '../../server/src/config.ts';
import { connectBrowser } from '../browser.ts';

/**
 * The condition language's table of cases (contract/test/condition-cases.ts, decision 0066)
 * run against the browser build of contract/src/conditions.ts: bundled by Vite for
 * production as the web app bundles it (its default browser target, minified), loaded in
 * Chromium, every case evaluated in the page, and the page's answers compared with the
 * table's literal expectations. The server runs the same table in contract/test.
 */

const ENTRY = '\0conditions-entry';
let browser: Browser;
let bundle: string;

beforeAll(async () => {
  const conditions = join(repoRoot, 'contract', 'src', 'conditions.ts');
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: join(repoRoot, 'web'),
    mode: 'production',
    plugins: [
      {
        name: 'conditions-entry',
        resolveId: (id) => (id === ENTRY ? ENTRY : null),
        // What the page gets: the module's exports, as the web app's import sees them.
        load: (id) =>
          id === ENTRY
            ? `import * as conditions from ${JSON.stringify(conditions)}; window.__conditions = conditions;`
            : null,
      },
    ],
    build: { write: false, rolldownOptions: { input: ENTRY }, modulePreload: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const code = chunks.filter((c) => c.type === 'chunk');
  expect(code).toHaveLength(1);
  bundle = (code[0] as { code: string }).code;
  browser = await connectBrowser();
}, 120_000);
afterAll(() => browser?.close());

interface Outcome {
  value?: unknown;
  error?: { name: string; message: string; position: unknown };
}

describe('condition cases in the browser build', () => {
  it('the page evaluates every case of the table as the table says', async () => {
    // The bundle is the production one: no Node, no source of the TypeScript left in it.
    expect(bundle).not.toMatch(/\bprocess\.|require\(|import\.meta/);
    const page = await browser.newPage();
    // A page of its own origin serving only the bundle (this machine's network is closed).
    await page.route('http://conditions.test/**', (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/conditions.js')
        return route.fulfill({ contentType: 'text/javascript', body: bundle });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>conditions</title><script type="module" src="/conditions.js"></script>',
      });
    });
    await page.goto('http://conditions.test/');
    await page.waitForFunction(
      () => 'evaluateCondition' in ((window as { __conditions?: object }).__conditions ?? {}),
    );
    const outcomes = await page.evaluate((cases) => {
      const c = (window as unknown as { __conditions: Record<string, (...args: unknown[]) => unknown> })
        .__conditions;
      return cases.map((one): Outcome => {
        try {
          if (one.error) return { value: c.parseCondition!(one.expression) !== undefined };
          return { value: c.evaluateCondition!(one.expression, one.answers, { items: one.items }) };
        } catch (error) {
          const e = error as { name: string; message: string; position?: unknown };
          const syntax = error instanceof (c.ConditionSyntaxError as unknown as typeof Error);
          return { error: { name: syntax ? 'syntax' : e.name, message: e.message, position: e.position } };
        }
      });
    }, conditionCases);
    await page.close();

    expect(outcomes).toHaveLength(conditionCases.length);
    expect(conditionCases.length).toBeGreaterThan(50);
    for (const [i, one] of conditionCases.entries()) {
      const got = outcomes[i]!;
      const name = `${one.expression}${one.items ? ` (item ${one.items})` : ''}`;
      if (one.error) {
        expect(got.error, `${name}: refused`).toBeDefined();
        expect(got.error!.name, `${name}: a syntax error`).toBe('syntax');
        expect(got.error!.message, name).toContain(one.error.contains);
        expect(got.error!.message, name).toContain(`at position ${one.error.position}`);
        expect((got.error!.position as number) + 1, name).toBe(one.error.position);
      } else {
        expect(got, name).toEqual({ value: one.expected });
      }
    }
  });
});
