/**
 * The one condition language of forms (decision 0066): the server, the web app and the
 * form-validation module evaluate conditions with this file and nothing else. Plain
 * TypeScript without imports, so it runs in the browser build too. No eval, no Function:
 * a hand-written tokenizer and recursive-descent parser build a small tree, which the
 * evaluator walks over the answers (a partial case document).
 *
 *   expression := or
 *   or         := and (("or" | "||") and)*
 *   and        := not (("and" | "&&") not)*
 *   not        := ("not" | "!") not | comparison
 *   comparison := value (("==" | "!=" | "<" | "<=" | ">" | ">=" | "in") value)?
 *   value      := string | number | true | false | null | list | path | call | "(" expression ")"
 *   list       := "[" (value ("," value)*)? "]"
 *   path       := name ("." name | "[]")*          e.g. D.sex, E.reactions[].outcome
 *   call       := ("answered" | "unknown" | "count") "(" path ")"
 *
 * A path through a repeating block (`[]`) reads the current item when the condition is
 * evaluated for one item (`items`), otherwise every item: a comparison is then true when
 * it holds for any of them. A missing answer compares as `null`; an "unknown" answer
 * (`{nullFlavor: "UNK"}`) is not equal to any value (test it with `unknown(path)`).
 */

/** A parse failure: what is wrong and where (0-based offset into the text). */
export class ConditionSyntaxError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} at position ${position + 1}`);
    this.name = 'ConditionSyntaxError';
    this.position = position;
  }
}

export type ConditionNode =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'list'; items: ConditionNode[] }
  | { kind: 'path'; path: string }
  | { kind: 'call'; name: ConditionFunction; path: string }
  | { kind: 'not'; operand: ConditionNode }
  | { kind: 'and' | 'or'; left: ConditionNode; right: ConditionNode }
  | { kind: 'compare'; operator: ComparisonOperator; left: ConditionNode; right: ConditionNode };

export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';
export const conditionFunctions = ['answered', 'unknown', 'count'] as const;
export type ConditionFunction = (typeof conditionFunctions)[number];

/** Longest expression accepted, and deepest nesting (a guard against hostile input). */
export const CONDITION_MAX_LENGTH = 4000;
const MAX_DEPTH = 32;

type Token =
  | { type: 'string'; value: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: 'name'; value: string; at: number }
  | { type: 'op'; value: string; at: number }
  | { type: 'end'; value: ''; at: number };

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '[]', '<', '>', '!', '(', ')', '[', ']', ',', '.'];
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?\d+(\.\d+)?/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const start = i;
      let value = '';
      i++;
      while (i < text.length && text[i] !== ch) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i];
        i++;
      }
      if (i >= text.length) throw new ConditionSyntaxError('Unterminated string', start);
      i++;
      tokens.push({ type: 'string', value, at: start });
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number && (ch !== '-' || /\d/.test(text[i + 1] ?? ''))) {
      tokens.push({ type: 'number', value: Number(number[0]), at: i });
      i += number[0].length;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(text);
    if (name) {
      tokens.push({ type: 'name', value: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) {
      const hint = ch === '=' ? " (compare with '==')" : ch === '&' || ch === '|' ? " (use 'and', 'or')" : '';
      throw new ConditionSyntaxError(`Unexpected character '${ch}'${hint}`, i);
    }
    tokens.push({ type: 'op', value: op, at: i });
    i += op.length;
  }
  tokens.push({ type: 'end', value: '', at: text.length });
  return tokens;
}

const describe = (t: Token) => (t.type === 'end' ? 'the end' : `'${t.value}'`);

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): ConditionNode {
    const node = this.or();
    const next = this.peek();
    if (next.type !== 'end') throw new ConditionSyntaxError(`Unexpected ${describe(next)}`, next.at);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.pos]!;
  }
  private take(): Token {
    return this.tokens[this.pos++]!;
  }
  private isOp(value: string): boolean {
    const t = this.peek();
    return t.type === 'op' && t.value === value;
  }
  private isWord(value: string): boolean {
    const t = this.peek();
    return t.type === 'name' && t.value === value;
  }
  private expectOp(value: string): void {
    const t = this.take();
    if (t.type !== 'op' || t.value !== value)
      throw new ConditionSyntaxError(`Expected '${value}' but found ${describe(t)}`, t.at);
  }
  private nested<T>(at: number, inner: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new ConditionSyntaxError('Expression nested too deeply', at);
    try {
      return inner();
    } finally {
      this.depth--;
    }
  }

  private or(): ConditionNode {
    let left = this.and();
    while (this.isWord('or') || this.isOp('||')) {
      this.take();
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }
  private and(): ConditionNode {
    let left = this.not();
    while (this.isWord('and') || this.isOp('&&')) {
      this.take();
      left = { kind: 'and', left, right: this.not() };
    }
    return left;
  }
  private not(): ConditionNode {
    if (this.isWord('not') || this.isOp('!')) {
      const at = this.take().at;
      return this.nested(at, () => ({ kind: 'not', operand: this.not() }));
    }
    return this.comparison();
  }
  private comparison(): ConditionNode {
    const left = this.value();
    const t = this.peek();
    const operator =
      t.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.value)
        ? (t.value as ComparisonOperator)
        : t.type === 'name' && t.value === 'in'
          ? 'in'
          : undefined;
    if (!operator) return left;
    this.take();
    const right = this.value();
    if (operator === 'in' && right.kind !== 'list')
      throw new ConditionSyntaxError(
        'Expected a list like ["1", "2"] after \'in\'',
        this.tokens[this.pos - 1]!.at,
      );
    return { kind: 'compare', operator, left, right };
  }
  private value(): ConditionNode {
    const t = this.take();
    if (t.type === 'string' || t.type === 'number') return { kind: 'literal', value: t.value };
    if (t.type === 'op' && t.value === '(') {
      return this.nested(t.at, () => {
        const inner = this.or();
        this.expectOp(')');
        return inner;
      });
    }
    if (t.type === 'op' && t.value === '[') return this.nested(t.at, () => this.list());
    if (t.type === 'op' && t.value === '[]') return { kind: 'list', items: [] };
    if (t.type === 'name') {
      if (t.value === 'true' || t.value === 'false') return { kind: 'literal', value: t.value === 'true' };
      if (t.value === 'null') return { kind: 'literal', value: null };
      if (['and', 'or', 'not', 'in'].includes(t.value))
        throw new ConditionSyntaxError(`Expected a value but found '${t.value}'`, t.at);
      if (this.isOp('(')) {
        if (!(conditionFunctions as readonly string[]).includes(t.value))
          throw new ConditionSyntaxError(
            `Unknown function '${t.value}' (known: ${conditionFunctions.join(', ')})`,
            t.at,
          );
        this.take();
        const argument = this.take();
        if (argument.type !== 'name')
          throw new ConditionSyntaxError(
            `Expected a field path but found ${describe(argument)}`,
            argument.at,
          );
        const path = this.path(argument.value);
        this.expectOp(')');
        return { kind: 'call', name: t.value as ConditionFunction, path };
      }
      return { kind: 'path', path: this.path(t.value) };
    }
    throw new ConditionSyntaxError(`Expected a value but found ${describe(t)}`, t.at);
  }
  private list(): ConditionNode {
    const items: ConditionNode[] = [];
    if (this.isOp(']')) {
      this.take();
      return { kind: 'list', items };
    }
    for (;;) {
      const item = this.value();
      if (item.kind !== 'literal')
        throw new ConditionSyntaxError(
          'A list holds only strings, numbers, true, false or null',
          this.peek().at,
        );
      items.push(item);
      if (this.isOp(',')) {
        this.take();
        continue;
      }
      this.expectOp(']');
      return { kind: 'list', items };
    }
  }
  private path(first: string): string {
    let path = first;
    for (;;) {
      if (this.isOp('[]')) {
        this.take();
        path += '[]';
      } else if (this.isOp('.')) {
        this.take();
        const t = this.take();
        if (t.type !== 'name') throw new ConditionSyntaxError(`Expected a field name after '.'`, t.at);
        path += `.${t.value}`;
      } else return path;
    }
  }
}

/** The tree of `text`; throws ConditionSyntaxError (with the position) when it is not an expression. */
export function parseCondition(text: string): ConditionNode {
  if (text.length > CONDITION_MAX_LENGTH)
    throw new ConditionSyntaxError(
      `Expression longer than ${CONDITION_MAX_LENGTH} characters`,
      CONDITION_MAX_LENGTH,
    );
  if (text.trim() === '') throw new ConditionSyntaxError('Empty expression', 0);
  return new Parser(tokenize(text)).parse();
}

/** `parseCondition` without throwing: the tree, or the error's message and position. */
export function checkCondition(
  text: string,
): { ok: true; node: ConditionNode } | { ok: false; message: string; position: number } {
  try {
    return { ok: true, node: parseCondition(text) };
  } catch (error) {
    if (error instanceof ConditionSyntaxError)
      return { ok: false, message: error.message, position: error.position };
    throw error;
  }
}

/** Every field path an expression reads (to check them against the form's fields). */
export function conditionPaths(node: ConditionNode): string[] {
  switch (node.kind) {
    case 'path':
    case 'call':
      return [node.path];
    case 'not':
      return conditionPaths(node.operand);
    case 'and':
    case 'or':
    case 'compare':
      return [...conditionPaths(node.left), ...conditionPaths(node.right)];
    default:
      return [];
  }
}

/** Where a condition is evaluated: inside repeating blocks, the current item of each `[]` in order. */
export interface ConditionContext {
  items?: readonly number[];
}

type Scalar = string | number | boolean | null | { nullFlavor: string } | object;

/** The values a path reaches: one per item of each `[]` (all items, or the context's). */
export function readPath(answers: unknown, path: string, context: ConditionContext = {}): unknown[] {
  let current: unknown[] = [answers];
  let listIndex = 0;
  for (const part of path.split('.')) {
    const repeated = part.endsWith('[]');
    const name = repeated ? part.slice(0, -2) : part;
    current = current.map((value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, name)
        ? (value as Record<string, unknown>)[name]
        : undefined,
    );
    if (repeated) {
      const index = context.items?.[listIndex];
      listIndex++;
      current = current.flatMap((value) => {
        if (!Array.isArray(value)) return [undefined];
        if (index !== undefined) return [value[index]];
        return value.length === 0 ? [undefined] : value;
      });
    }
  }
  return current;
}

const isNullFlavour = (value: unknown): value is { nullFlavor: string } =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as { nullFlavor?: unknown }).nullFlavor === 'string';

/** Answered: present, not an empty string or list, not a null flavour. */
export const isAnswered = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !isNullFlavour(value);

const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) return Number(value);
  return undefined;
};

function equal(a: Scalar | undefined, b: Scalar | undefined): boolean {
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  if (isNullFlavour(left) || isNullFlavour(right)) return false;
  if (left === right) return true;
  const x = asNumber(left);
  const y = asNumber(right);
  // "2" == 2, since E2B codes and decimals are text in the case document.
  return (
    x !== undefined && y !== undefined && (typeof left === 'number' || typeof right === 'number') && x === y
  );
}

function order(a: Scalar | undefined, b: Scalar | undefined): number | undefined {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x - y;
  // Partial ISO dates and other text compare as text ("2024-03" < "2024-03-07").
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

function values(node: ConditionNode, answers: unknown, context: ConditionContext): Scalar[] {
  switch (node.kind) {
    case 'literal':
      return [node.value];
    case 'path':
      return readPath(answers, node.path, context) as Scalar[];
    case 'list':
      return node.items.flatMap((item) => values(item, answers, context));
    case 'call': {
      const found = readPath(answers, node.path, context);
      if (node.name === 'answered') return [found.some(isAnswered)];
      if (node.name === 'unknown') return [found.some(isNullFlavour)];
      return [found.reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : isAnswered(v) ? 1 : 0), 0)];
    }
    default:
      return [truth(node, answers, context)];
  }
}

function compare(operator: ComparisonOperator, left: Scalar[], right: Scalar[]): boolean {
  if (operator === 'in') return left.some((l) => right.some((r) => equal(l, r)));
  if (operator === '==') return left.some((l) => right.some((r) => equal(l, r)));
  if (operator === '!=') return !left.some((l) => right.some((r) => equal(l, r)));
  return left.some((l) =>
    right.some((r) => {
      const o = order(l, r);
      if (o === undefined) return false;
      return operator === '<' ? o < 0 : operator === '<=' ? o <= 0 : operator === '>' ? o > 0 : o >= 0;
    }),
  );
}

function truth(node: ConditionNode, answers: unknown, context: ConditionContext): boolean {
  switch (node.kind) {
    case 'and':
      return truth(node.left, answers, context) && truth(node.right, answers, context);
    case 'or':
      return truth(node.left, answers, context) || truth(node.right, answers, context);
    case 'not':
      return !truth(node.operand, answers, context);
    case 'compare':
      return compare(
        node.operator,
        values(node.left, answers, context),
        values(node.right, answers, context),
      );
    default:
      // A bare value is true when any of its values is answered and not false or 0.
      return values(node, answers, context).some((v) => isAnswered(v) && v !== false && v !== 0);
  }
}

/** True or false for `condition` (text or parsed tree) over the answers. Throws ConditionSyntaxError on bad text. */
export function evaluateCondition(
  condition: string | ConditionNode,
  answers: unknown,
  context: ConditionContext = {},
): boolean {
  const node = typeof condition === 'string' ? parseCondition(condition) : condition;
  return truth(node, answers, context);
}
