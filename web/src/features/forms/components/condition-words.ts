import { resolveFormField } from '@vigilo/contract';
import { checkCondition, conditionPaths } from '@vigilo/contract/conditions';
import type { TFunction } from 'i18next';

/** What is wrong with an expression, in the reader's language, and where (1-based). */
export interface ConditionProblem {
  message: string;
  /** 1-based position of the character the parser stopped at (parse errors only). */
  position?: number;
  /** A warning does not stop saving (a field the form does not ask). */
  warning?: boolean;
}

/**
 * The parse errors of contract/src/conditions.ts (the one parser, decision 0066) in words:
 * each of its messages has a sentence in every interface language; a message it adds later
 * is shown as it comes (English) rather than lost.
 */
const PATTERNS: [RegExp, string][] = [
  [/^Unexpected character '(.)' \(compare with '=='\)$/, 'singleEquals'],
  [/^Unexpected character '(.)' \(use 'and', 'or'\)$/, 'singleAndOr'],
  [/^Unexpected character '(.)'$/, 'character'],
  [/^Unterminated string$/, 'unterminated'],
  [/^Unexpected the end$/, 'end'],
  [/^Unexpected '(.*)'$/, 'unexpected'],
  [/^Expected '(.*)' but found the end$/, 'expectedAtEnd'],
  [/^Expected '(.*)' but found '(.*)'$/, 'expected'],
  [/^Expected a value but found the end$/, 'valueAtEnd'],
  [/^Expected a value but found '(.*)'$/, 'value'],
  [/^Expected a list like .* after 'in'$/, 'list'],
  [/^Unknown function '(.*)' \(known: (.*)\)$/, 'function'],
  [/^Expected a field path but found (?:the end|'(.*)')$/, 'path'],
  [/^Expected a field name after '\.'$/, 'name'],
  [/^A list holds only strings, numbers, true, false or null$/, 'listItems'],
  [/^Expression nested too deeply$/, 'deep'],
  [/^Expression longer than (\d+) characters$/, 'long'],
  [/^Empty expression$/, 'empty'],
];

function parseErrorInWords(message: string, t: TFunction): string {
  const bare = message.replace(/ at position \d+$/, '');
  for (const [pattern, key] of PATTERNS) {
    const m = pattern.exec(bare);
    if (m) return t(`forms.conditions.errors.${key}`, { a: m[1] ?? '', b: m[2] ?? '' });
  }
  return bare;
}

/**
 * Checks an expression as it is typed, with the shared module only: parse errors (with the
 * position), then the fields it reads: one the case document lacks is an error (the server
 * refuses it), one the form does not ask is a warning (it will never be answered).
 */
export function conditionProblem(
  text: string,
  askedPaths: readonly string[],
  t: TFunction,
): ConditionProblem | null {
  const parsed = checkCondition(text);
  if (!parsed.ok) {
    const position = parsed.position + 1;
    return {
      message: t('forms.conditions.errors.at', { position, problem: parseErrorInWords(parsed.message, t) }),
      position,
    };
  }
  for (const path of conditionPaths(parsed.node)) {
    if (!resolveFormField(path)) return { message: t('forms.conditions.errors.unknownField', { path }) };
  }
  for (const path of conditionPaths(parsed.node)) {
    const asked = askedPaths.some((p) => p === path || p.startsWith(`${path}.`) || p.startsWith(`${path}[]`));
    if (!asked) return { message: t('forms.conditions.errors.notAsked', { path }), warning: true };
  }
  return null;
}
