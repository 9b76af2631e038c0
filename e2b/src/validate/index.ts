import type { CaseDocument } from '@vigilo/contract';
import { type CaseMessage, exportBatch } from '../export.ts';
import type { BatchHeader } from '../headers.ts';
import { importTree } from '../import.ts';
import { NOT_XML } from '../mapping/writer.ts';
import { type ParseLimits, parseRootDocument, toTree, XmlInputError } from '../xml/parse.ts';
import { validateDocument, validateXsd, type XsdError } from '../xsd.ts';
import { FIELD_PATHS, occurrences } from './fields.ts';
import { elementLabel, type Language, SENTENCES } from './messages.ts';
import { ICH_RULES, PROFILES, type Profile } from './profiles.ts';
import { evaluate, type Finding, type ReferenceLists } from './rules.ts';
import { schemaFindings } from './schema-check.ts';
import { ELEMENTS } from './tables.ts';

export type { Finding, Language, Profile };

/** What `validate` and `validateCase` take beside the input: the time "now" is, and the sentences' language. */
export interface ValidateOptions {
  now?: Date;
  /**
   * Reference data the server holds, for the EU profile: the EDQM route and dose-form codes
   * it knows (of the case's terms at least) and the current MedDRA release ("27.1").
   */
  reference?: { edqmRoutes?: Iterable<string>; edqmDoseForms?: Iterable<string>; meddraCurrent?: string };
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
  { now = new Date(), language = 'en', reference = {} }: ValidateOptions = {},
): Finding[] {
  const root = { ...document, N: headers };
  const ich = [
    ...schemaFindings(document, language),
    ...evaluate(root, ICH_RULES, 'ich', language),
    ...futureDates(document, now, language),
    ...illegalCharacters(document, '', language),
  ];
  return merged(ich, evaluate(root, PROFILES[profile], 'profile', language, listsOf(reference)), language);
}

/** The release before `version`: releases are X.0 (March) and X.1 (September). */
export function previousMeddra(version: string): string | undefined {
  const m = /^(\d+)\.([01])$/.exec(version);
  if (!m) return undefined;
  return m[2] === '1' ? `${m[1]}.0` : `${Number(m[1]) - 1}.1`;
}

function listsOf(reference: NonNullable<ValidateOptions['reference']>): ReferenceLists {
  const current = reference.meddraCurrent;
  const previous = current ? previousMeddra(current) : undefined;
  return {
    ...(reference.edqmRoutes ? { edqmRoute: new Set(reference.edqmRoutes) } : {}),
    ...(reference.edqmDoseForms ? { edqmDoseForm: new Set(reference.edqmDoseForms) } : {}),
    ...(current ? { meddraVersion: new Set([current, ...(previous ? [previous] : [])]) } : {}),
  };
}

/**
 * The same element found missing by an ICH rule and by the receiver's rule is one finding
 * naming both rules (issue 26): a person has one thing to do. It keeps the ICH sentence and
 * the more severe severity.
 */
function merged(ich: Finding[], regional: Finding[], language: Language): Finding[] {
  const missing = new Map(ich.filter((f) => f.missing).map((f) => [`${f.dataElement} ${f.casePath}`, f]));
  const kept: Finding[] = [];
  for (const f of regional) {
    const same = f.missing ? missing.get(`${f.dataElement} ${f.casePath}`) : undefined;
    if (!same) {
      kept.push(f);
      continue;
    }
    same.rules = [...new Set([...(same.rules ?? [same.rule]), f.rule])];
    if (f.severity === 'error') same.severity = 'error';
  }
  const all = [...ich, ...kept];
  for (const f of all) {
    delete f.missing;
    if (f.rules) f.message = f.message.replace(/\.?$/, ` ${SENTENCES[language].rules(f.rules)}.`);
  }
  return all;
}

const xsdFindings = (errors: XsdError[], language: Language): Finding[] =>
  errors.map((e) => ({
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
      // One parse for both: the tree the case is read from and the schema check (issue 26 item 11).
      const doc = parseRootDocument(input, 'MCCI_IN200100UV01', options);
      try {
        const imported = importTree(toTree(doc.root, options.maxDepth));
        findings.push(...xsdFindings(validateDocument(doc, 'batch'), language));
        batch = imported.batch;
        messages = imported.cases;
      } finally {
        doc.dispose();
      }
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
      findings.push(
        ...xsdFindings(validateXsd(exportBatch(input.batch, input.messages), 'batch', options), language),
      );
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
