import { describe, expect, it } from 'vitest';
import {
  ConditionSyntaxError,
  checkCondition,
  conditionPaths,
  evaluateCondition,
  parseCondition,
} from '../src/conditions.ts';

/**
 * The grammar and the evaluator of conditions.ts, case by case (issue 27, decision 0325):
 * each expectation is written by hand from the grammar's comment, for the changes Stryker
 * made that the table of cases and the edge tests did not notice.
 */
const is = (expression: string, answers: unknown, items?: number[]) =>
  evaluateCondition(expression, answers, { items });

/** The refusal checkCondition gives: the message (1-based position) and the 0-based offset. */
const refusal = (message: string, position: number) => ({
  ok: false,
  message: `${message} at position ${position + 1}`,
  position,
});

describe('tokens', () => {
  it('skips tabs, newlines and carriage returns between tokens', () => {
    expect(is('D.sex\t==\n"2"\r', { D: { sex: '2' } })).toBe(true);
    expect(is('\r\nD.sex\t!=\t"2"', { D: { sex: '2' } })).toBe(false);
  });

  it('reads a negative number, and refuses a minus sign before anything else', () => {
    expect(is('D.delta == -1', { D: { delta: '-1' } })).toBe(true);
    expect(is('D.delta < -1.5', { D: { delta: '-2' } })).toBe(true);
    expect(is('-1 < 0', {})).toBe(true);
    expect(checkCondition('D.delta == -x')).toEqual(refusal("Unexpected character '-'", 11));
    expect(checkCondition('D.delta == - 1')).toEqual(refusal("Unexpected character '-'", 11));
  });

  it('hints at `or` for a single bar and at nothing for other characters', () => {
    expect(checkCondition('D.sex | 1')).toEqual(refusal("Unexpected character '|' (use 'and', 'or')", 6));
    expect(checkCondition('D.sex & 1')).toEqual(refusal("Unexpected character '&' (use 'and', 'or')", 6));
    expect(checkCondition('D.sex # 1')).toEqual(refusal("Unexpected character '#'", 6));
    expect(checkCondition('D.sex = 1')).toEqual(refusal("Unexpected character '=' (compare with '==')", 6));
  });

  it('keeps quoted operators and words as text, never as syntax', () => {
    expect(is('"(" == "("', {})).toBe(true);
    expect(is('D.op == "=="', { D: { op: '==' } })).toBe(true);
    expect(checkCondition('x "("')).toEqual(refusal("Unexpected '('", 2));
    expect(checkCondition('true "or" false')).toEqual(refusal("Unexpected 'or'", 5));
    expect(checkCondition('true "and" false')).toEqual(refusal("Unexpected 'and'", 5));
    expect(checkCondition('"a" "==" "a"')).toEqual(refusal("Unexpected '=='", 4));
    expect(checkCondition('"a" "in" ["a"]')).toEqual(refusal("Unexpected 'in'", 4));
    expect(checkCondition('(true ")"')).toEqual(refusal("Expected ')' but found ')'", 6));
  });
});

describe('parse errors', () => {
  it('names the error class', () => {
    let caught: unknown;
    try {
      parseCondition('D.sex ==');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConditionSyntaxError);
    expect((caught as Error).name).toBe('ConditionSyntaxError');
    expect((caught as Error).message).toBe('Expected a value but found the end at position 9');
  });

  it('refuses a closing bracket of the wrong kind', () => {
    expect(checkCondition('(true]')).toEqual(refusal("Expected ')' but found ']'", 5));
    expect(checkCondition('answered(D.sex]')).toEqual(refusal("Expected ')' but found ']'", 14));
    expect(checkCondition('D.sex in ["1")')).toEqual(refusal("Expected ']' but found ')'", 13));
  });

  it('refuses an operator where a value belongs', () => {
    expect(checkCondition('D.sex == )')).toEqual(refusal("Expected a value but found ')'", 9));
    expect(checkCondition('D.sex == ,')).toEqual(refusal("Expected a value but found ','", 9));
    expect(checkCondition('== 1')).toEqual(refusal("Expected a value but found '=='", 0));
  });

  it('refuses each keyword as a value', () => {
    expect(checkCondition('D.sex == and')).toEqual(refusal("Expected a value but found 'and'", 9));
    expect(checkCondition('D.sex == or')).toEqual(refusal("Expected a value but found 'or'", 9));
    expect(checkCondition('D.sex == not')).toEqual(refusal("Expected a value but found 'not'", 9));
    expect(checkCondition('D.sex == in')).toEqual(refusal("Expected a value but found 'in'", 9));
  });

  it('lists the known functions when it meets an unknown one', () => {
    expect(checkCondition('eval(D.sex)')).toEqual(
      refusal("Unknown function 'eval' (known: answered, unknown, count)", 0),
    );
  });

  it('refuses blank text as empty, and accepts exactly the longest length', () => {
    expect(checkCondition('   ')).toEqual(refusal('Empty expression', 0));
    expect(checkCondition('\t\n')).toEqual(refusal('Empty expression', 0));
    expect(is('x'.repeat(4000), { x: 'yes' })).toBe(false);
    expect(is(`${'x'.repeat(3995)} == 1`, {})).toBe(false);
    expect(checkCondition('x'.repeat(4001))).toEqual(refusal('Expression longer than 4000 characters', 4000));
  });

  it('counts the depth of nesting, not the number of brackets', () => {
    expect(is(Array(40).fill('(true)').join(' and '), {})).toBe(true);
    expect(is(Array(40).fill('not true').join(' or '), {})).toBe(false);
    expect(is(`${'('.repeat(32)}true${')'.repeat(32)}`, {})).toBe(true);
    expect(checkCondition(`${'('.repeat(33)}true${')'.repeat(33)}`)).toEqual(
      refusal('Expression nested too deeply', 32),
    );
  });

  it('gives the tree when the text parses, and throws what is not a syntax error', () => {
    expect(checkCondition('not D.sex')).toEqual({
      ok: true,
      node: { kind: 'not', operand: { kind: 'path', path: 'D.sex' } },
    });
    expect(() => checkCondition(null as unknown as string)).toThrow(TypeError);
  });
});

describe('values', () => {
  it('reads true, false and null as themselves, not as fields of those names', () => {
    const answers = { true: 'x', false: 'x', null: 'x' };
    expect(is('false == null', answers)).toBe(false);
    expect(is('false == "x"', answers)).toBe(false);
    expect(is('null == "x"', answers)).toBe(false);
    expect(is('true == "x"', answers)).toBe(false);
    expect(is('null == null', answers)).toBe(true);
  });

  it('reads an empty list written with a space', () => {
    expect(is('D.sex in [ ]', { D: { sex: '1' } })).toBe(false);
    expect(is('not (D.sex in [ ])', { D: { sex: '1' } })).toBe(true);
    expect(parseCondition('D.sex in [ ]')).toEqual({
      kind: 'compare',
      operator: 'in',
      left: { kind: 'path', path: 'D.sex' },
      right: { kind: 'list', items: [] },
    });
  });

  it('compares a comparison with true', () => {
    expect(is('(D.sex == "2") == true', { D: { sex: '2' } })).toBe(true);
    expect(is('(D.sex == "2") == false', { D: { sex: '2' } })).toBe(false);
    expect(is('(D.sex == "1") == false', { D: { sex: '2' } })).toBe(true);
  });

  it('lists the fields read under not and none for lists', () => {
    expect(conditionPaths(parseCondition('not D.sex == "1"'))).toEqual(['D.sex']);
    expect(conditionPaths(parseCondition('not (answered(D.a) and D.b in ["1"])'))).toEqual(['D.a', 'D.b']);
    expect(conditionPaths(parseCondition('"1" in ["1", "2"]'))).toEqual([]);
  });
});

describe('answered, unknown and count', () => {
  it('does not count null, empty text or an empty list as answered', () => {
    expect(is('answered(D.x)', { D: { x: null } })).toBe(false);
    expect(is('answered(D.x)', { D: { x: '' } })).toBe(false);
    expect(is('answered(D.x)', { D: { x: [] } })).toBe(false);
    expect(is('answered(D.x)', { D: { x: '0' } })).toBe(true);
    expect(is('answered(D.x)', { D: { x: false } })).toBe(true);
    expect(is('count(D.x) == 0', { D: { x: null } })).toBe(true);
    expect(is('count(D.x) == 0', { D: { x: '' } })).toBe(true);
  });

  it('gives true or false, not a count, from answered()', () => {
    expect(is('answered(D.sex) == true', { D: { sex: '2' } })).toBe(true);
    expect(is('answered(D.sex) == false', { D: {} })).toBe(true);
    expect(is('unknown(D.sex) == true', { D: { sex: { nullFlavor: 'UNK' } } })).toBe(true);
  });

  it('is answered or unknown when any item of a repeat is', () => {
    const mixed = { E: { reactions: [{ outcome: '1' }, { outcome: { nullFlavor: 'UNK' } }, {}] } };
    expect(is('answered(E.reactions[].outcome)', mixed)).toBe(true);
    expect(is('unknown(E.reactions[].outcome)', mixed)).toBe(true);
    expect(is('answered(E.reactions[].outcome)', mixed, [2])).toBe(false);
    expect(is('unknown(E.reactions[].outcome)', mixed, [0])).toBe(false);
    expect(is('count(E.reactions[].outcome) == 1', mixed)).toBe(true);
  });

  it('is false for a bare zero or a bare count of nothing', () => {
    expect(is('count(F.tests)', {})).toBe(false);
    expect(is('D.n', { D: { n: 0 } })).toBe(false);
    expect(is('D.n', { D: { n: 3 } })).toBe(true);
    expect(is('D.n', { D: { n: '0' } })).toBe(true);
  });
});

describe('repeats', () => {
  const mixed = {
    E: {
      reactions: [
        { n: '1', outcome: '1' },
        { n: '5', outcome: '5' },
      ],
    },
  };

  it('holds a comparison when any item holds it, on either side', () => {
    expect(is('E.reactions[].outcome in ["5"]', mixed)).toBe(true);
    expect(is('"5" == E.reactions[].outcome', mixed)).toBe(true);
    expect(is('"5" != E.reactions[].outcome', mixed)).toBe(false);
    expect(is('E.reactions[].n > 3', mixed)).toBe(true);
    expect(is('3 < E.reactions[].n', mixed)).toBe(true);
    expect(is('E.reactions[].n > 5', mixed)).toBe(false);
  });

  it('is true bare when any item is', () => {
    const answers = { E: { reactions: [{ serious: false }, { serious: true }] } };
    expect(is('E.reactions[].serious', answers)).toBe(true);
    expect(is('not E.reactions[].serious', answers)).toBe(false);
  });

  it('reads the current item of each repeat in order', () => {
    const nested = {
      E: { reactions: [{ subs: [{ x: 'a' }] }, { subs: [{ x: 'b' }, { x: 'c' }] }] },
    };
    expect(is('E.reactions[].subs[].x == "b"', nested, [1, 0])).toBe(true);
    expect(is('E.reactions[].subs[].x == "c"', nested, [1, 0])).toBe(false);
    expect(is('E.reactions[].subs[].x == "c"', nested, [1, 1])).toBe(true);
    expect(is('E.reactions[].subs[].x == "c"', nested)).toBe(true);
    expect(is('E.reactions[].subs[].x == "c"', nested, [0])).toBe(false);
  });

  it('reads a missing, empty or non-list repeat as one missing answer', () => {
    expect(is('E.reactions[].outcome == null', {})).toBe(true);
    expect(is('E.reactions[].outcome == null', { E: { reactions: [] } })).toBe(true);
    expect(is('E.reactions[] == "rash"', { E: { reactions: 'rash' } })).toBe(false);
    expect(is('E.reactions[] == null', { E: { reactions: 'rash' } })).toBe(true);
    expect(is('answered(E.reactions[])', {})).toBe(false);
    expect(is('answered(E.reactions[].outcome)', {}, [0])).toBe(false);
  });

  it('reads unknown fields as missing, at any depth', () => {
    expect(is('X.y.z == null', { X: 'text' })).toBe(true);
    expect(is('X.y[].z != "1"', { X: { y: [{ z: '2' }] } })).toBe(true);
    expect(is('answered(X.y[].z)', { X: { y: [{ w: '1' }] } })).toBe(false);
  });
});

describe('equality', () => {
  it('compares numbers written as text with numbers by value', () => {
    expect(is('D.x == 5', { D: { x: '+5' } })).toBe(true);
    expect(is('D.x == 0.55', { D: { x: '.55' } })).toBe(true);
    expect(is('D.x == 5', { D: { x: ' 5 ' } })).toBe(true);
    expect(is('D.x == 5', { D: { x: 'a5' } })).toBe(false);
    expect(is('D.sex == 1', { D: { sex: '2' } })).toBe(false);
    expect(is('D.x == 0.5', { D: { x: '.55' } })).toBe(false);
  });

  it('compares a number answer with text as numbers', () => {
    expect(is('D.age == "34"', { D: { age: 34 } })).toBe(true);
    expect(is('count(G.drugs) == "1"', { G: { drugs: [{}] } })).toBe(true);
    expect(is('D.age == "034"', { D: { age: 34 } })).toBe(true);
    expect(is('D.age == "35"', { D: { age: 34 } })).toBe(false);
  });

  it('treats a missing answer as null on either side', () => {
    expect(is('null == D.heightCm', {})).toBe(true);
    expect(is('D.heightCm == null', {})).toBe(true);
    expect(is('D.heightCm == D.weightKg', {})).toBe(true);
  });

  it('finds a null flavour equal to nothing, not even itself', () => {
    const answers = { D: { birthDate: { nullFlavor: 'MSK' } } };
    expect(is('D.birthDate == D.birthDate', answers)).toBe(false);
    expect(is('D.birthDate != D.birthDate', answers)).toBe(true);
    expect(is('D.birthDate == null', answers)).toBe(false);
  });
});

describe('ordering', () => {
  it('orders numbers by value at each edge', () => {
    expect(is('5 <= 6', {})).toBe(true);
    expect(is('6 <= 5', {})).toBe(false);
    expect(is('5 >= 6', {})).toBe(false);
    expect(is('6 >= 5', {})).toBe(true);
    expect(is('5 < 5', {})).toBe(false);
    expect(is('5 > 5', {})).toBe(false);
    expect(is('D.x < 10', { D: { x: '9' } })).toBe(true);
    expect(is('D.x > 10', { D: { x: '9' } })).toBe(false);
  });

  it('orders text as text, partial dates before the full date', () => {
    expect(is('"2024-03" < "2024-03-07"', {})).toBe(true);
    expect(is('"2024-03-07" < "2024-03"', {})).toBe(false);
    expect(is('"2024-03-07" > "2024-03"', {})).toBe(true);
    expect(is('"2024-03" > "2024-03-07"', {})).toBe(false);
    expect(is('"2024-03" <= "2024-03"', {})).toBe(true);
    expect(is('"2024-03" >= "2024-03"', {})).toBe(true);
    expect(is('"2024-03" < "2024-03"', {})).toBe(false);
    expect(is('"2024-03" > "2024-03"', {})).toBe(false);
    expect(is('D.date >= "2024-01-01" and D.date < "2025"', { D: { date: '2024-12-31' } })).toBe(true);
  });

  it('orders numeric text against other text as text', () => {
    expect(is('D.name > "5"', { D: { name: 'abc' } })).toBe(true);
    expect(is('D.code < "abc"', { D: { code: '5' } })).toBe(true);
    expect(is('"10" < "9"', {})).toBe(false);
    expect(is('D.code < "9"', { D: { code: '10' } })).toBe(false);
  });

  it('is false for a missing answer or a non-text value against text', () => {
    expect(is('D.heightCm <= "abc"', {})).toBe(false);
    expect(is('D.heightCm >= "abc"', {})).toBe(false);
    expect(is('"abc" >= D.heightCm', {})).toBe(false);
    expect(is('"abc" <= D.heightCm', {})).toBe(false);
    expect(is('true >= "a"', {})).toBe(false);
    expect(is('D.heightCm <= 10', {})).toBe(false);
  });
});

describe('precedence', () => {
  it('binds not tighter than and, and tighter than or, unless bracketed', () => {
    expect(is('not false and false', {})).toBe(false);
    expect(is('not (false and false)', {})).toBe(true);
    expect(is('false and false or true', {})).toBe(true);
    expect(is('false and (false or true)', {})).toBe(false);
    expect(is('! D.sex == "2" || D.sex == "2"', { D: { sex: '2' } })).toBe(true);
  });
});
