import { naranjoQuestions, whoUmcCategories } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { causalityTexts } from './use-causality-texts.ts';

const keys = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('causality texts', () => {
  it('has every English text in French and the reverse', async () => {
    const english = keys(await causalityTexts.load('en'));
    const french = keys(await causalityTexts.load('fr'));
    expect(english.filter((key) => !french.includes(key))).toEqual([]);
    expect(french.filter((key) => !english.includes(key))).toEqual([]);
  });

  it('words every Naranjo question and WHO-UMC category of the shared module', async () => {
    const english = keys(await causalityTexts.load('en'));
    for (const q of naranjoQuestions) expect(english).toContain(`causality.naranjo.questions.${q.id}`);
    for (const c of whoUmcCategories) {
      expect(english).toContain(`causality.whoUmcCategories.${c}`);
      expect(english).toContain(`causality.whoUmcCriteria.${c}`);
    }
  });
});
