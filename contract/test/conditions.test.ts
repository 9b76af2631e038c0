import { describe, expect, it } from 'vitest';
import {
  ConditionSyntaxError,
  conditionPaths,
  evaluateCondition,
  parseCondition,
} from '../src/conditions.ts';
import { conditionCases } from './condition-cases.ts';

describe('condition language: the table of cases', () => {
  for (const c of conditionCases) {
    const name = `${c.expression.slice(0, 60)}${c.items ? ` (item ${c.items})` : ''}`;
    if (c.error) {
      it(`refuses ${name}`, () => {
        let caught: unknown;
        try {
          parseCondition(c.expression);
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(ConditionSyntaxError);
        const error = caught as ConditionSyntaxError;
        expect(error.message).toContain(c.error!.contains);
        expect(error.position + 1).toBe(c.error!.position);
        expect(error.message).toContain(`at position ${c.error!.position}`);
      });
    } else {
      it(`${name} → ${c.expected}`, () => {
        expect(evaluateCondition(c.expression, c.answers, { items: c.items })).toBe(c.expected);
      });
    }
  }
});

describe('condition language', () => {
  it('lists the fields an expression reads', () => {
    expect(
      conditionPaths(
        parseCondition('D.sex == "2" and (answered(E.reactions[].outcome) or count(G.drugs) > 1)'),
      ),
    ).toEqual(['D.sex', 'E.reactions[].outcome', 'G.drugs']);
  });
  it('never runs code: the source has no eval or Function', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('../src/conditions.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/\beval\s*\(|new Function|Function\(/);
    expect(source).not.toMatch(/^import /m);
  });
});
