import {
  CaseDocument,
  COUNTRY,
  DECIMAL_PATTERN,
  type FieldError,
  type FieldReason,
  type FormVersionDefinition,
  LANGUAGE,
  minimumCriteria,
  PARTIAL_DATE_PATTERN,
  validateFormAnswers,
} from '@vigilo/contract';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { codeFindings } from './reports.codes.ts';

/**
 * What is wrong with a report, every problem at once, as `meta.fields` items naming each
 * field in words a reporter understands (decision 0075): first the form of each value (the
 * case document schema, decision 0040), then, for a report being sent (not a draft), the
 * four criteria of a valid report (ICH E2D: an identifiable patient and reporter, a suspect
 * product, a reaction). Fields are `body/report/<path>`, the same for the 400 of a POST and
 * for GET /v1/report/validate/{id}.
 */

const check = Compile(CaseDocument);
/** More than this many problems is one message too many for a person to read. */
const MAX_FINDINGS = 100;

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

const SECTIONS: Record<string, string> = {
  C: 'Report',
  D: 'Patient',
  E: 'Reactions',
  F: 'Tests',
  G: 'Medicines',
  H: 'Narrative',
};
const ITEMS: Record<string, string> = {
  reactions: 'Reaction',
  drugs: 'Medicine',
  primarySources: 'Reporter',
  tests: 'Test',
  dosages: 'Dose',
  substances: 'Substance',
  indications: 'Indication',
  medicalHistory: 'Medical history item',
  pastDrugs: 'Past medicine',
  reactionAssessments: 'Assessment',
};

/** `camelCase` → `camel case`. */
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** `E/reactions/0/startDate` → `Reaction 1, start date`: the place of a value, as a reporter reads it. */
export function labelOf(pointer: string): string {
  const parts = pointer.split('/').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (i === 0 && SECTIONS[part]) {
      // A section whose next part is its list speaks through the list's item name.
      if (!(next && ITEMS[next])) out.push(SECTIONS[part]);
      continue;
    }
    if (/^\d+$/.test(part)) continue;
    if (ITEMS[part] && next !== undefined && /^\d+$/.test(next)) {
      out.push(`${ITEMS[part]} ${Number(next) + 1}`);
      continue;
    }
    out.push(i === 0 ? part : words(part));
  }
  const label = out.join(', ') || 'The report';
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const PATTERN_WORDS: Record<string, string> = {
  [PARTIAL_DATE_PATTERN]:
    'give the date as a year, a month or a day, for example 2024, 2024-03 or 2024-03-07',
  [COUNTRY]: 'choose a country by its two-letter code, for example GB',
  [LANGUAGE]: 'choose a language by its three-letter code, for example eng',
  [DECIMAL_PATTERN]: 'give a number, for example 12.5',
};

function explain(
  error: SchemaError,
  alternatives: string[],
): { message: string; reason: FieldReason; limit?: number } {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return { message: 'answer this question', reason: 'required' };
    case 'maxLength':
      return { message: `use at most ${p.limit} characters`, reason: 'tooLong', limit: Number(p.limit) };
    case 'minLength':
      return { message: 'leave it out or write something: it cannot be empty', reason: 'tooShort', limit: 1 };
    case 'minItems':
      return { message: 'add at least one, or leave it out', reason: 'tooFew', limit: Number(p.limit) };
    case 'pattern':
      return {
        message: PATTERN_WORDS[String(p.pattern)] ?? 'is not written the way this answer needs',
        reason: 'format',
      };
    case 'const':
    case 'enum':
      return {
        message: alternatives.length
          ? `choose one of the answers offered (${alternatives.join(', ')})`
          : 'choose one of the answers offered',
        reason: 'choice',
      };
    case 'type':
      if (p.type === 'boolean') return { message: 'answer yes or no', reason: 'format' };
      if (p.type === 'string') return { message: 'write the answer as text', reason: 'format' };
      return { message: 'is not in the shape this answer needs', reason: 'format' };
    default:
      return { message: 'is not an answer this question takes', reason: 'invalid' };
  }
}

/** Which error of one place to show: a broken rule of the value before a wrong type. */
const rank = (e: SchemaError) =>
  e.keyword === 'type' ? (e.params.type === 'object' ? 3 : 2) : e.keyword === 'required' ? 0 : 1;

/** TypeBox stops at `maxErrors` (8 by default); a reporter wants every problem at once. */
function schemaErrors(doc: unknown): SchemaError[] {
  const before = Settings.Get().maxErrors;
  Settings.Set({ maxErrors: 1000 });
  try {
    return check.Errors(doc) as unknown as SchemaError[];
  } finally {
    Settings.Set({ maxErrors: before });
  }
}

/** The form of each value: one finding per place (a union reports every branch it tried). */
export function formFindings(doc: unknown, prefix = 'body/report'): FieldError[] {
  // Then the coded values against their lists: UCUM units, ISO countries and languages (decision 0147).
  if (check.Check(doc)) return codeFindings(doc, prefix).slice(0, MAX_FINDINGS);
  const byPath = new Map<string, SchemaError[]>();
  const extra: FieldError[] = [];
  for (const error of schemaErrors(doc)) {
    if (error.keyword === 'additionalProperties') {
      const names = (error.params.additionalProperties as string[] | undefined) ?? [];
      for (const name of names) {
        const pointer = `${error.instancePath}/${name}`;
        extra.push({
          field: `${prefix}${pointer}`,
          message: `${labelOf(pointer)}: is not a question of this form`,
          reason: 'notAllowed',
        });
      }
      continue;
    }
    if (error.keyword === 'required') {
      const names = (error.params.requiredProperties as string[] | undefined) ?? [];
      for (const name of names) byPath.set(`${error.instancePath}/${name}`, [error]);
      continue;
    }
    if (error.keyword === 'anyOf') continue;
    // A wrong kind of "unknown" speaks for the value it stands in for.
    const at = error.instancePath.endsWith('/nullFlavor')
      ? error.instancePath.slice(0, -'/nullFlavor'.length)
      : error.instancePath;
    const list = byPath.get(at) ?? [];
    list.push(error);
    byPath.set(at, list);
  }
  const refused = new Set(extra.map((f) => f.field));
  const findings: FieldError[] = [];
  for (const [pointer, errors] of byPath) {
    if (refused.has(`${prefix}${pointer}`)) continue;
    // A value that may also be "unknown" ({nullFlavor}) fails both branches: the error that
    // speaks to the value given is the most specific one, never the other branch's type.
    const chosen = [...errors].sort((a, b) => rank(a) - rank(b))[0]!;
    const alternatives = errors
      .filter((e) => e.keyword === 'const')
      .map((e) => String(e.params.allowedValue));
    const { message, reason, limit } = explain(chosen, alternatives);
    findings.push({
      field: `${prefix}${pointer}`,
      message: `${labelOf(pointer)}: ${message}`,
      reason,
      ...(limit === undefined ? {} : { limit }),
    });
  }
  const said = new Set([...findings, ...extra].map((f) => f.field));
  const coded = codeFindings(doc, prefix).filter((f) => !said.has(f.field));
  return [...findings, ...extra, ...coded].slice(0, MAX_FINDINGS);
}

/**
 * The four criteria of a valid report, each a finding when missing (reports being sent).
 * Which are met is the forms' one rule (`minimumCriteria`, contract/src/form-validation.ts,
 * decision 0067); a signed-in reporter or a contact address given with the report also
 * makes the reporter identifiable.
 */
export function completenessFindings(
  doc: unknown,
  reporter: { identified: boolean },
  prefix = 'body/report',
): FieldError[] {
  const met = minimumCriteria(doc);
  const findings: FieldError[] = [];
  if (!met.patient)
    findings.push({
      field: `${prefix}/D`,
      message:
        'Patient: tell us at least one thing that identifies the patient (initials, age or age group, date of birth, or sex)',
      reason: 'required',
    });
  if (!met.reporter && !reporter.identified)
    findings.push({
      field: `${prefix}/C/primarySources`,
      message:
        'Reporter: tell us how to reach the person reporting (a name, profession, telephone or email address)',
      reason: 'required',
    });
  if (!met.product)
    findings.push({
      field: `${prefix}/G/drugs`,
      message: 'Medicines: name at least one medicine or vaccine you suspect caused the reaction',
      reason: 'required',
    });
  if (!met.reaction)
    findings.push({
      field: `${prefix}/E/reactions`,
      message: 'Reactions: describe at least one reaction or side effect',
      reason: 'required',
    });
  return findings;
}

/**
 * The answers against the form version the report was filled with (its questions, required
 * fields and conditions, contract/src/form-validation.ts), in the same item shape.
 */
export function formVersionFindings(
  definition: FormVersionDefinition,
  doc: unknown,
  language: string,
  prefix = 'body/report',
): FieldError[] {
  const languages = definition.layout.languages;
  return validateFormAnswers(definition, doc, {
    prefix: `${prefix}/`,
    minimumCriteria: false,
    language: languages.includes(language) ? language : languages[0],
  }).map(({ field, message, reason, limit }) => ({
    field,
    message,
    reason,
    ...(limit === undefined ? {} : { limit }),
  }));
}

/** One finding per field, the first said (the form of a value before the form version's view of it). */
export function oncePerField(findings: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return findings.filter((f) => !seen.has(f.field) && seen.add(f.field)).slice(0, MAX_FINDINGS);
}

/** The checks GET /v1/report/validate/type/{type} lists: what every report of that kind must pass. */
export function rulesFor(type: 'draft' | 'submitted') {
  const form = {
    field: 'body/report',
    rule: 'form',
    message:
      'Every answer in the form the case document states: dates, codes, lengths, yes/no (decision 0040)',
  };
  const formVersion = {
    field: 'body/report',
    rule: 'formVersion',
    message: 'With formViewVersionId: the questions, required answers and conditions of that form version',
  };
  if (type === 'draft') return [form, formVersion];
  return [
    form,
    formVersion,
    {
      field: 'body/report/D',
      rule: 'identifiablePatient',
      message: 'At least one of initials, age or age group, date of birth, sex',
    },
    {
      field: 'body/report/C/primarySources',
      rule: 'identifiableReporter',
      message:
        'A signed-in reporter, a contact address, or a name, profession, telephone or email of the person reporting',
    },
    {
      field: 'body/report/G/drugs',
      rule: 'suspectProduct',
      message: 'At least one suspect or interacting medicine (or one with no role given), by name',
    },
    {
      field: 'body/report/E/reactions',
      rule: 'reaction',
      message: 'At least one reaction, in words or as a MedDRA term',
    },
  ];
}
