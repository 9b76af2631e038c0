import type { CaseDocument } from '@vigilo/contract';
import { type CaseMessage, exportBatch } from '../export.ts';
import type { BatchHeader } from '../headers.ts';
import { importBatch } from '../import.ts';
import { NOT_XML } from '../mapping/writer.ts';
import { type ParseLimits, XmlInputError } from '../xml/parse.ts';
import { validateXsd } from '../xsd.ts';
import { FIELD_PATHS, occurrences } from './fields.ts';
import { elementLabel, type Language, SENTENCES } from './messages.ts';
import { ICH_RULES, PROFILES, type Profile } from './profiles.ts';
import { evaluate, type Finding } from './rules.ts';
import { schemaFindings } from './schema-check.ts';
import { ELEMENTS } from './tables.ts';

export type { Finding, Language, Profile };

/** What `validate` and `validateCase` take beside the input: the time "now" is, and the sentences' language. */
export interface ValidateOptions {
  now?: Date;
  /** The language of the findings' sentences (default `en`, the language of acknowledgements). */
  language?: Language;
}

export interface CaseFindings {
  /** Position of the case in the batch (0-based). */
  index: number;
  findings: Finding[];
}

export interface ValidationReport {
  /** No finding of severity `error` in any layer. */
  valid: boolean;
  /** Findings about the message as a whole (schema, parsing). */
  findings: Finding[];
  cases: CaseFindings[];
}

export interface BatchInput {
  batch: BatchHeader;
  messages: CaseMessage[];
}

const DATE_IDS = [...ELEMENTS.values()]
  .filter((e) => e.type === 'Date/Time' && FIELD_PATHS.has(e.id))
  .map((e) => e.id);

/** Dates after `now` (compared at the precision the date has). */
function futureDates(root: unknown, now: Date, language: Language): Finding[] {
  const today = now.toISOString();
  const out: Finding[] = [];
  for (const id of DATE_IDS) {
    for (const o of occurrences(root, FIELD_PATHS.get(id)!)) {
      if (typeof o.value !== 'string') continue;
      const day = o.value.slice(0, 10);
      if (day > today.slice(0, day.length)) {
        out.push({
          layer: 'ich',
          severity: 'error',
          rule: 'ICH-FUTURE-DATE',
          dataElement: id,
          xpath: ELEMENTS.get(id)?.xpath || undefined,
          casePath: o.path,
          message: SENTENCES[language].futureDate(elementLabel(id, language), o.value),
        });
      }
    }
  }
  return out;
}

/** Text that XML cannot carry (control characters): the exporter would refuse it. */
function illegalCharacters(value: unknown, path: string, language: Language, out: Finding[] = []): Finding[] {
  if (typeof value === 'string' && NOT_XML.test(value)) {
    out.push({
      layer: 'ich',
      severity: 'error',
      rule: 'ICH-CHARACTERS',
      casePath: path,
      message: SENTENCES[language].controlCharacter(path),
    });
  } else if (Array.isArray(value))
    value.forEach((v, i) => {
      illegalCharacters(v, `${path}[${i}]`, language, out);
    });
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      illegalCharacters(v, path ? `${path}.${k}` : k, language, out);
  }
  return out;
}

/** Layers 2 and 3 for one case document with its headers. */
export function validateCase(
  document: CaseDocument,
  headers: Record<string, unknown>,
  profile: Profile = 'ich',
  { now = new Date(), language = 'en' }: ValidateOptions = {},
): Finding[] {
  const root = { ...document, N: headers };
  return [
    ...schemaFindings(document, language),
    ...evaluate(root, ICH_RULES, 'ich', language),
    ...futureDates(document, now, language),
    ...illegalCharacters(document, '', language),
    ...evaluate(root, PROFILES[profile], 'profile', language),
  ];
}

const xsdFindings = (xml: string | Uint8Array, limits: ParseLimits, language: Language): Finding[] =>
  validateXsd(xml, 'batch', limits).map((e) => ({
    layer: 'xsd' as const,
    severity: 'error' as const,
    rule: 'XSD',
    line: e.line,
    message: SENTENCES[language].schema(e.line, e.message),
  }));

/**
 * Validates an E2B(R3) message (XML) or case documents with their headers in three layers:
 * the ICH schema, ICH conformance, and the receiver's profile (`ich` adds nothing, `fda`
 * the FDA rejection and warning rules, `eu` the EDQM terms).
 */
export function validate(
  input: string | Uint8Array | BatchInput,
  profile: Profile = 'ich',
  options: ParseLimits & ValidateOptions = {},
): ValidationReport {
  const language = options.language ?? 'en';
  const findings: Finding[] = [];
  let batch: Partial<BatchHeader>;
  let messages: { header: object; document: CaseDocument }[];
  if (typeof input === 'string' || input instanceof Uint8Array) {
    try {
      // A file that is not an E2B batch at all gets that one finding, not a page of schema errors.
      const imported = importBatch(input, options);
      findings.push(...xsdFindings(input, options, language));
      batch = imported.batch;
      messages = imported.cases;
    } catch (error) {
      if (!(error instanceof XmlInputError)) throw error;
      findings.push({
        layer: 'xsd',
        severity: 'error',
        rule: error.code,
        message: SENTENCES[language].xml(error.code, error.details, error.message),
        line: error.line,
      });
      return { valid: false, findings, cases: [] };
    }
  } else {
    batch = { messageType: '1', ...input.batch };
    messages = input.messages;
    try {
      findings.push(...xsdFindings(exportBatch(input.batch, input.messages), options, language));
    } catch (error) {
      // A value the exporter cannot write (a malformed date) is reported by layer 2 too.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  const cases = messages.map((m, index) => ({
    index,
    findings: validateCase(m.document, { ...batch, ...m.header }, profile, options),
  }));
  const errors = [...findings, ...cases.flatMap((c) => c.findings)].some((f) => f.severity === 'error');
  return { valid: !errors, findings, cases };
}
