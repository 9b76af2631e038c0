import type { CaseDocument, E2bFinding, FieldError } from '@vigilo/contract';
import { dataElementAt, elementLabel, type ImportedCase } from '@vigilo/e2b';
import type { Language } from '../../platform/language.ts';
import { formFindings, labelOf } from '../reports/reports.validation.ts';
import { fieldOf } from './e2b.findings.ts';

/**
 * An intake keeps what it receives (issue 26, item 5; decision 0222). A case read from E2B is
 * stored even when a value does not fit the case document: the value is taken out of the stored
 * case and kept, as received, with the import record of the version it made
 * (`report_xml_imports.findings`), and a finding names the field so that a case processor
 * corrects it in the case. A code written in the wrong case (`eu`) was already stored in the
 * right one by the library (`normalised`); that is said too. Only a file that is not E2B, is
 * hostile or too large is refused whole.
 */
export interface KeptValue {
  kind: 'normalised' | 'setAside';
  /** Where the case document holds it, e.g. `E.reactions[0].country`. */
  casePath: string;
  dataElement?: string;
  /** The value the message gave, as read (JSON). */
  received: unknown;
  /** What was stored instead (a normalised code); absent when nothing was. */
  stored?: unknown;
  /** Why, in English (the shape check's words). */
  reason?: string;
}

/** `/C/primarySources/0/country` → `C.primarySources[0].country`. */
const casePathOf = (pointer: string) =>
  pointer
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');

function parentOf(doc: unknown, parts: string[]): Record<string, unknown> | unknown[] | undefined {
  let cur: unknown = doc;
  for (const p of parts.slice(0, -1)) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur && typeof cur === 'object' ? (cur as Record<string, unknown>) : undefined;
}

/** Takes the value at `pointer` out of `doc`; a list left empty goes too. The value, or undefined. */
function takeOut(doc: Record<string, unknown>, pointer: string): unknown {
  const parts = pointer.split('/').filter(Boolean);
  const parent = parentOf(doc, parts);
  const last = parts.at(-1)!;
  if (!parent) return undefined;
  if (Array.isArray(parent)) {
    const [value] = parent.splice(Number(last), 1);
    if (parent.length === 0) takeOut(doc, `/${parts.slice(0, -1).join('/')}`);
    return value;
  }
  const value = parent[last];
  delete parent[last];
  return value;
}

/**
 * The case document every value of which fits, and what was set aside to make it so. A value
 * that breaks its field's form or list goes; an object left short of what it needs (a drug
 * whose id was not a UUID) goes whole, and is kept whole.
 */
export function setAsideWhatDoesNotFit(document: CaseDocument): {
  document: CaseDocument;
  kept: KeptValue[];
} {
  const doc = structuredClone(document) as unknown as Record<string, unknown>;
  const kept: KeptValue[] = [];
  for (let round = 0; round < 10; round++) {
    const findings = formFindings(doc, '');
    if (findings.length === 0) break;
    // Deepest and last first, so that taking one out moves no other's place.
    const ordered = [...findings].sort((a, b) => b.field.localeCompare(a.field, 'en', { numeric: true }));
    for (const f of ordered) {
      let pointer = f.field;
      let value = takeOut(doc, pointer);
      if (value === undefined && f.reason === 'required') {
        // Nothing there: it is its object that lacks it.
        pointer = pointer.replace(/\/[^/]+$/, '');
        value = takeOut(doc, pointer);
      }
      if (value === undefined) continue;
      const casePath = casePathOf(pointer);
      const dataElement = dataElementAt(casePath);
      kept.push({
        kind: 'setAside',
        casePath,
        ...(dataElement ? { dataElement } : {}),
        received: value,
        reason: f.message.replace(/^[^:]*: /, ''),
      });
    }
  }
  // The sections a case always has.
  doc.schemaVersion ??= 1;
  doc.C ??= {};
  return { document: doc as unknown as CaseDocument, kept };
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The finding a case processor reads for a value kept aside or normalised, in their language. */
export function keptFinding(k: KeptValue, language: Language): E2bFinding {
  const label = k.dataElement
    ? elementLabel(k.dataElement, language)
    : language === 'fr'
      ? k.casePath
      : labelOf(`/${k.casePath.replace(/\[(\d+)\]/g, '.$1').replaceAll('.', '/')}`);
  const received = shown(k.received).slice(0, 200);
  const message =
    k.kind === 'normalised'
      ? language === 'fr'
        ? `${label} : reçu « ${received} », enregistré « ${shown(k.stored)} ».`
        : `${label}: received "${received}", stored as "${shown(k.stored)}".`
      : language === 'fr'
        ? `${label} : « ${received} » a été reçu mais n’entre pas dans le cas (forme, longueur ou liste de valeurs) ; il est gardé avec l’import : corrigez-le dans le cas.`
        : `${label}: "${received}" was received but does not fit the case (${k.reason ?? 'its form'}); it is kept with the import: correct it in the case.`;
  return {
    layer: 'ich',
    severity: 'warning',
    rule: k.kind === 'normalised' ? 'IMPORT-NORMALISED' : 'IMPORT-SET-ASIDE',
    ...(k.dataElement ? { dataElement: k.dataElement } : {}),
    casePath: k.casePath,
    field: fieldOf(k.casePath),
    message,
  };
}

/** An imported case made storable: the document, what was kept aside or normalised, and its findings. */
export function keepWhatArrives(
  imported: Pick<ImportedCase, 'document' | 'normalised'>,
  language: Language,
): { document: CaseDocument; kept: KeptValue[]; findings: E2bFinding[]; refused: FieldError[] } {
  const { document, kept: setAside } = setAsideWhatDoesNotFit(imported.document);
  const kept: KeptValue[] = [
    ...imported.normalised.map(
      (n): KeptValue => ({
        kind: 'normalised',
        casePath: n.casePath,
        ...(n.dataElement ? { dataElement: n.dataElement } : {}),
        received: n.received,
        stored: n.stored,
      }),
    ),
    ...setAside,
  ];
  return {
    document,
    kept,
    findings: kept.map((k) => keptFinding(k, language)),
    // What still does not fit after setting aside (never seen; kept as the last safeguard).
    refused: formFindings(document, ''),
  };
}
