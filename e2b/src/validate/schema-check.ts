import { CaseDocument } from '@vigilo/contract';
import { Compile } from 'typebox/compile';
import { FIELD_PATHS } from './fields.ts';
import { elementLabel, type Language, SENTENCES } from './messages.ts';
import type { Finding } from './rules.ts';
import { ELEMENTS } from './tables.ts';

/**
 * Layer 2, the form of each value: lengths, code lists, date and number formats, as the
 * case document schema states them (which follows the data-element table).
 */
const check = Compile(CaseDocument);
const idByPath = new Map([...FIELD_PATHS].map(([id, path]) => [path, id]));

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function casePath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
}

function explain(error: SchemaError, label: string, value: unknown, language: Language): string {
  const p = error.params;
  const say = SENTENCES[language];
  switch (error.keyword) {
    case 'maxLength':
      return say.tooLong(label, Number(p.limit));
    case 'minLength':
      return say.empty(label);
    case 'pattern':
      return say.badFormat(label, String(value));
    case 'additionalProperties':
      return say.unknownField(label, (p.additionalProperties as string[] | undefined)?.join(', ') ?? '');
    case 'required':
      return say.lacks(label, (p.requiredProperties as string[] | undefined)?.join(', '));
    default:
      return say.badValue(label, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

function valueAt(doc: unknown, pointer: string): unknown {
  let cur = doc;
  for (const p of pointer.split('/').slice(1))
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined;
  return cur;
}

export function schemaFindings(doc: unknown, language: Language = 'en'): Finding[] {
  if (check.Check(doc)) return [];
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const error of check.Errors(doc) as Iterable<SchemaError>) {
    // A union reports every branch; one finding per place is what a person wants.
    if (seen.has(error.instancePath)) continue;
    seen.add(error.instancePath);
    const path = casePath(error.instancePath);
    const id = idByPath.get(path.replace(/\[\d+\]/g, '[]'));
    findings.push({
      layer: 'ich',
      severity: 'error',
      rule: 'ICH-FORMAT',
      dataElement: id,
      xpath: id ? ELEMENTS.get(id)?.xpath || undefined : undefined,
      casePath: path,
      message: explain(
        error,
        id ? elementLabel(id, language) : path || SENTENCES[language].theCase,
        valueAt(doc, error.instancePath),
        language,
      ),
    });
  }
  return findings;
}
