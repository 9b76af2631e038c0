import { describe, expect, it } from 'vitest';
import {
  matchEntries,
  type NaranjoAnswer,
  type NaranjoAnswers,
  naranjoCategory,
  naranjoQuestions,
  naranjoResultText,
  scoreNaranjo,
} from '../src/causality.ts';

/**
 * The Naranjo scale (Naranjo CA et al., Clin Pharmacol Ther 1981;30:239–45). Every expected
 * total below was added up by hand from the published table of weights:
 *
 *   question                                    yes  no  do not know
 *   1 previous conclusive reports                +1   0   0
 *   2 appeared after the drug was given          +2  −1   0
 *   3 improved when stopped or antagonist given  +1   0   0
 *   4 reappeared when given again                +2  −1   0
 *   5 alternative causes                         −1  +2   0
 *   6 reaction with a placebo                    −1  +1   0
 *   7 toxic concentration in blood or fluids     +1   0   0
 *   8 worse with a higher dose, better lower     +1   0   0
 *   9 similar reaction before                    +1   0   0
 *  10 confirmed by objective evidence            +1   0   0
 *
 * and the published bands: definite ≥ 9, probable 5–8, possible 1–4, doubtful ≤ 0.
 */

/** Answers in the published order, 1 to 10: y = yes, n = no, u = do not know, - = not answered. */
function answers(code: string): NaranjoAnswers {
  const word: Record<string, NaranjoAnswer | undefined> = { y: 'yes', n: 'no', u: 'unknown', '-': undefined };
  expect(code).toHaveLength(10);
  return Object.fromEntries(
    [...code].flatMap((c, i) => (word[c] ? [[naranjoQuestions[i]!.id, word[c]]] : [])),
  ) as NaranjoAnswers;
}

describe('the Naranjo scale', () => {
  it.each([
    ['yes to every question', 'yyyyyyyyyy', 8, 'probable'],
    ['no to every question', 'nnnnnnnnnn', 1, 'possible'],
    ['do not know to every question', 'uuuuuuuuuu', 0, 'doubtful'],
    ['the highest total (no to 5 and 6, yes to the rest)', 'yyyynnyyyy', 13, 'definite'],
    ['the lowest total (no to 2 and 4, yes to 5 and 6)', 'ununyyuuuu', -4, 'doubtful'],
    ['angioedema on lisinopril, stopped, not given again', 'yyyunuuuuy', 7, 'probable'],
    ['9: the lowest definite', 'yyyynuuuyu', 9, 'definite'],
    ['8: the highest probable', 'yyyynuuuuu', 8, 'probable'],
    ['4: the highest possible', 'uyuunuuuuu', 4, 'possible'],
    ['5: the lowest probable', 'uyyunuuuuu', 5, 'probable'],
    ['1: the lowest possible', 'yuuuuuuuuu', 1, 'possible'],
    ['yes to an alternative cause takes one away', 'uyuuyuuuuu', 1, 'possible'],
    ['a reaction that did not follow the drug', 'un--------', -1, 'doubtful'],
  ])('%s: %s scores %i (%s)', (_name, code, total, category) => {
    const scored = scoreNaranjo(answers(code));
    expect(scored.score).toBe(total);
    expect(scored.category).toBe(category);
  });

  it('counts what is answered and names what is not, in order', () => {
    expect(scoreNaranjo(answers('-y--------'))).toEqual({
      score: 2,
      category: 'possible',
      answered: 1,
      unanswered: [
        'previousReports',
        'improvedOnWithdrawal',
        'reappearedOnReadministration',
        'alternativeCauses',
        'reactionToPlacebo',
        'toxicConcentration',
        'doseRelated',
        'previousSimilarReaction',
        'objectiveEvidence',
      ],
    });
    expect(scoreNaranjo({})).toMatchObject({ score: 0, category: 'doubtful', answered: 0 });
    expect(scoreNaranjo(answers('uuuuuuuuuu'))).toMatchObject({ answered: 10, unanswered: [] });
  });

  it('ignores an answer that is not yes, no or do not know', () => {
    const odd = { ...answers('yyyyyyyyyy'), doseRelated: 'maybe' } as unknown as NaranjoAnswers;
    expect(scoreNaranjo(odd)).toMatchObject({ score: 7, answered: 9, unanswered: ['doseRelated'] });
  });

  it.each([
    [13, 'definite'],
    [9, 'definite'],
    [8, 'probable'],
    [5, 'probable'],
    [4, 'possible'],
    [1, 'possible'],
    [0, 'doubtful'],
    [-4, 'doubtful'],
  ])('a total of %i is %s', (score, category) => {
    expect(naranjoCategory(score)).toBe(category);
  });

  it('writes the result of assessment with its score', () => {
    expect(naranjoResultText('probable', 7)).toBe('Probable (score 7)');
    expect(naranjoResultText('doubtful', -2)).toBe('Doubtful (score -2)');
  });
});

describe('matching the case document with the assessments recorded', () => {
  const who = { source: 'Primary source reporter', method: 'WHO-UMC', result: 'Possible' };
  const naranjo = { source: 'Centre', method: 'Naranjo', result: 'Probable (score 7)' };

  it('pairs each entry with the oldest free record of the same texts, once', () => {
    const records = [
      { id: 'a', ...who },
      { id: 'b', ...naranjo },
      { id: 'c', ...who },
    ];
    const imported = { source: 'PHARMACEUTICAL COMPANY', method: 'Global Introspection', result: 'Related' };
    const matched = matchEntries([naranjo, imported, who], records);
    expect(matched.entries.map((e) => e.record?.id ?? null)).toEqual(['b', null, 'a']);
    expect(matched.notInCase.map((r) => r.id)).toEqual(['c']);
  });

  it('treats a missing text as empty, not as a wildcard', () => {
    const matched = matchEntries([{ method: 'WHO-UMC', result: 'Possible' }], [{ id: 'a', ...who }]);
    expect(matched.entries[0]!.record).toBeNull();
    expect(matched.notInCase).toHaveLength(1);
  });
});
