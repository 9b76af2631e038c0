/**
 * The condition language's table of cases (decision 0066): expression, answers, expected
 * result — or the parse error's position (1-based, as the message says it). Written by hand
 * from the grammar in contract/src/conditions.ts; the server's contract test and the web
 * app's browser build run this same table.
 */
export interface ConditionCase {
  expression: string;
  answers?: unknown;
  items?: number[];
  expected?: boolean;
  /** The expression is refused: the message contains `error`, at `position` (1-based). */
  error?: { contains: string; position: number };
}

const adr = {
  D: { sex: '2', ageAtOnset: { value: '34', unit: 'a' }, weightKg: '61.5', birthDate: { nullFlavor: 'MSK' } },
  E: {
    reactions: [
      { nativeTerm: 'rash', outcome: '1', hospitalisation: false, startDate: '2024-03' },
      { nativeTerm: 'fever', outcome: '5', hospitalisation: true, startDate: '2024-03-07' },
    ],
  },
  G: { drugs: [{ role: '1', name: 'Amoxicillin' }] },
};

export const conditionCases: ConditionCase[] = [
  // equality on codes (text) and numbers
  { expression: 'D.sex == "2"', answers: adr, expected: true },
  { expression: "D.sex == '1'", answers: adr, expected: false },
  { expression: 'D.sex != "1"', answers: adr, expected: true },
  { expression: 'D.sex == 2', answers: adr, expected: true },
  { expression: 'D.weightKg > 60', answers: adr, expected: true },
  { expression: 'D.weightKg <= 61.5', answers: adr, expected: true },
  { expression: 'D.weightKg < 61.5', answers: adr, expected: false },
  { expression: 'D.ageAtOnset.value >= 18 and D.ageAtOnset.unit == "a"', answers: adr, expected: true },
  // missing answers
  { expression: 'D.heightCm == "180"', answers: adr, expected: false },
  { expression: 'D.heightCm != "180"', answers: adr, expected: true },
  { expression: 'D.heightCm == null', answers: adr, expected: true },
  { expression: 'D.heightCm > 10', answers: adr, expected: false },
  { expression: 'answered(D.heightCm)', answers: adr, expected: false },
  { expression: 'answered(D.sex)', answers: adr, expected: true },
  { expression: 'D.sex == "2"', answers: {}, expected: false },
  { expression: 'answered(D.sex)', answers: null, expected: false },
  // null flavours: unknown is not a value
  { expression: 'unknown(D.birthDate)', answers: adr, expected: true },
  { expression: 'answered(D.birthDate)', answers: adr, expected: false },
  { expression: 'D.birthDate == "MSK"', answers: adr, expected: false },
  { expression: 'unknown(D.sex)', answers: adr, expected: false },
  // lists: any item, or the current item
  { expression: 'E.reactions[].outcome == "5"', answers: adr, expected: true },
  { expression: 'E.reactions[].outcome == "5"', answers: adr, items: [0], expected: false },
  { expression: 'E.reactions[].outcome == "5"', answers: adr, items: [1], expected: true },
  { expression: 'E.reactions[].hospitalisation == true', answers: adr, expected: true },
  { expression: 'E.reactions[].hospitalisation', answers: adr, items: [0], expected: false },
  { expression: 'E.reactions[].hospitalisation', answers: adr, items: [1], expected: true },
  { expression: 'count(E.reactions)', answers: adr, expected: true },
  { expression: 'count(E.reactions) == 2', answers: adr, expected: true },
  { expression: 'count(G.drugs) > 1', answers: adr, expected: false },
  { expression: 'count(F.tests) == 0', answers: adr, expected: true },
  { expression: 'E.reactions[].startDate < "2024-03-05"', answers: adr, items: [1], expected: false },
  { expression: 'E.reactions[].startDate >= "2024-03"', answers: adr, items: [1], expected: true },
  // in
  { expression: 'G.drugs[].role in ["1", "3"]', answers: adr, expected: true },
  { expression: 'D.sex in ["1"]', answers: adr, expected: false },
  { expression: 'D.sex in []', answers: adr, expected: false },
  // logic and precedence: not > and > or
  { expression: 'D.sex == "1" or D.sex == "2"', answers: adr, expected: true },
  { expression: 'D.sex == "1" || D.weightKg > 100 && true', answers: adr, expected: false },
  { expression: 'true or false and false', answers: {}, expected: true },
  { expression: '(true or false) and false', answers: {}, expected: false },
  { expression: 'not D.sex == "1"', answers: adr, expected: true },
  { expression: '!answered(D.heightCm) && !false', answers: adr, expected: true },
  { expression: 'not not true', answers: {}, expected: true },
  { expression: 'true', answers: {}, expected: true },
  { expression: 'false', answers: {}, expected: false },
  { expression: '"a" == \'a\'', answers: {}, expected: true },
  { expression: '"it\\"s" == "it\\"s"', answers: {}, expected: true },
  // no way out of the answers: prototype names are plain missing fields
  { expression: 'constructor == null', answers: {}, expected: true },
  { expression: 'answered(D.__proto__)', answers: adr, expected: false },
  { expression: 'D.sex.length == 1', answers: adr, expected: false },
  // refused, with the position
  { expression: '', error: { contains: 'Empty expression', position: 1 } },
  { expression: 'D.sex = "2"', error: { contains: "compare with '=='", position: 7 } },
  { expression: 'D.sex == ', error: { contains: 'Expected a value but found the end', position: 10 } },
  { expression: '(D.sex == "2"', error: { contains: "Expected ')'", position: 14 } },
  { expression: 'D.sex == "2")', error: { contains: "Unexpected ')'", position: 13 } },
  { expression: 'D.sex == "2', error: { contains: 'Unterminated string', position: 10 } },
  { expression: 'eval("1")', error: { contains: "Unknown function 'eval'", position: 1 } },
  { expression: 'answered("D.sex")', error: { contains: 'Expected a field path', position: 10 } },
  { expression: 'D.sex in "1"', error: { contains: "after 'in'", position: 10 } },
  { expression: 'D. == 1', error: { contains: "Expected a field name after '.'", position: 4 } },
  { expression: 'D.sex == "1" and', error: { contains: 'Expected a value', position: 17 } },
  { expression: 'D.sex & 1', error: { contains: "use 'and', 'or'", position: 7 } },
  { expression: '[D.sex] == "1"', error: { contains: 'A list holds only', position: 7 } },
  {
    expression: `${'('.repeat(40)}true${')'.repeat(40)}`,
    error: { contains: 'nested too deeply', position: 33 },
  },
  { expression: 'x'.repeat(4001), error: { contains: 'longer than 4000', position: 4001 } },
];
