import { checkCondition, conditionPaths, evaluateCondition, resolveFormField } from '@vigilo/contract';
import { fieldError } from '../../platform/errors.ts';

/**
 * Distribution rules (decision 0191): a receiver's rule is a condition of the forms' language
 * (contract/src/conditions.ts, the one evaluator) over the case document, plus a few facts
 * Vigilo reads from it for lists and search, under `case.`: whether it is serious, its
 * country, its report type and its seriousness criteria. `case.country == "US" and
 * case.serious` says what a person means by "US serious cases" without listing six criteria
 * over every reaction.
 */

/** The facts a rule may read besides the case document's own fields. */
export const CASE_FACTS = [
  'case.serious',
  'case.country',
  'case.reportType',
  'case.seriousness',
  'case.seriousness[]',
] as const;

/** What a rule is evaluated over: the case document with the `case` facts beside it. */
export interface RuleCase {
  document: unknown;
  serious: boolean;
  country: string | null;
  reportType: string | null;
  seriousness: string[];
}

const input = (c: RuleCase) => ({
  ...(c.document !== null && typeof c.document === 'object' ? c.document : {}),
  case: { serious: c.serious, country: c.country, reportType: c.reportType, seriousness: c.seriousness },
});

/**
 * Refuses a rule that does not parse or reads a path that is neither a field of the case
 * document nor one of the `case.` facts: 400 on `field`, the message naming the path.
 */
export function checkRule(rule: string, field: string): void {
  const parsed = checkCondition(rule);
  if (!parsed.ok) throw fieldError(field, 'format', parsed.message);
  for (const path of conditionPaths(parsed.node)) {
    const known = (CASE_FACTS as readonly string[]).includes(path) || resolveFormField(path) !== undefined;
    if (!known)
      throw fieldError(
        field,
        'notFound',
        `reads ${path}, which the case does not have (case document fields, or ${CASE_FACTS.slice(0, 4).join(', ')})`,
      );
  }
}

/** A case row's rule input: its document and the columns read from it (reports.columns.ts). */
export const ruleCaseOf = (row: {
  document: unknown;
  serious: boolean;
  country: string | null;
  report_type: string | null;
  seriousness: string[];
}): RuleCase => ({
  document: row.document,
  serious: row.serious,
  country: row.country,
  reportType: row.report_type,
  seriousness: row.seriousness,
});

/** Whether `rule` picks the case. A stored rule was checked when it was saved. */
export function rulePicks(rule: string, c: RuleCase): boolean {
  return evaluateCondition(rule, input(c));
}
