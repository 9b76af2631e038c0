import { CaseDocument } from '@vigilo/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportBatch, importBatch, validate, validateCase, validateXsd } from '../src/index.ts';
import { ICH_RULES } from '../src/validate/profiles.ts';
import { batchHeader, DRUG_1 as DRUG, messageHeader, REACTION_1 as REACTION } from './fixtures.ts';

/**
 * Case documents generated from the case-document schema itself (every field, section C to H,
 * null flavours where allowed, values drawn from each field's pattern or code list) export to
 * XML valid against the ICH schema and import back equal. Only what the schema cannot say is
 * added here: reaction and drug ids are unique, and assessments name a reaction of the case.
 */
type Schema = {
  type?: string;
  anyOf?: Schema[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};

type Values = Record<string, unknown>;

const TEXT = 'aZ09 &<>"\'éß-_/.'.split('');
const text = (min: number, max: number) =>
  fc
    .string({ minLength: Math.max(min, 1), maxLength: Math.min(max, 24), unit: fc.constantFrom(...TEXT) })
    .filter((s) => s.trim() === s && s !== '');

function arbitrary(s: Schema): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map(arbitrary));
  if (s.const !== undefined) return fc.constant(s.const);
  switch (s.type) {
    case 'boolean':
      return fc.boolean();
    case 'string':
      return s.pattern
        ? fc
            .stringMatching(new RegExp(s.pattern))
            .filter((v) => v.length <= (s.maxLength ?? 60) && v.length <= 60)
        : text(s.minLength ?? 1, s.maxLength ?? 24);
    case 'array':
      return fc.array(arbitrary(s.items!), { minLength: 1, maxLength: 2 });
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, arbitrary(v)]));
      return fc.record(props, { requiredKeys: s.required ?? [] });
    }
    default:
      throw new Error(`no arbitrary for ${JSON.stringify(s).slice(0, 80)}`);
  }
}

/** Leaves out objects and lists left empty (an element without data is not written, 0041). */
function prune(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, prune(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

const FLOOR = {
  senderSafetyReportId: 'FR-VIGILO-1',
  worldwideUniqueId: 'FR-VIGILO-1',
  creationDate: '2024-03-07',
  reportType: '1',
  firstReceivedDate: '2024-03-01',
  mostRecentInformationDate: '2024-03-05',
};

/**
 * Drawn case documents with only what the schema cannot say added: reaction and drug ids are
 * unique, and an assessment names a reaction of the case and says something about it.
 */
const drafts = fc
  .tuple(
    arbitrary(CaseDocument as unknown as Schema),
    fc.uniqueArray(fc.uuid({ version: 4 }), { minLength: 8, maxLength: 8 }),
  )
  .map(([generated, ids]) => {
    const doc = (prune(generated) ?? {}) as Record<string, Record<string, unknown> | undefined>;
    // The schema requires section C; pruning removes it when the draw left it empty.
    doc.C ??= {};
    const reactions = (doc.E?.reactions ?? []) as Values[];
    reactions.forEach((r, i) => {
      r.id = ids[i]!;
      // "Was it serious?" is the form's question, not an E2B element: the message case writes
      // it as the six criteria (message-case.test.ts), the XML has no place for it.
      delete r.serious;
    });
    const drugs = (doc.G?.drugs ?? []) as { id: string; reactionAssessments?: { reactionId: string }[] }[];
    drugs.forEach((d, i) => {
      d.id = ids[4 + i]!;
      // An assessment says something beside the reaction it names, or it is not one.
      const said = d.reactionAssessments?.filter((a) => Object.keys(a).some((k) => k !== 'reactionId'));
      // …and a drug has one per reaction.
      if (said?.length && reactions.length) d.reactionAssessments = said.slice(0, reactions.length);
      else delete d.reactionAssessments;
      d.reactionAssessments?.forEach((a, j) => {
        a.reactionId = reactions[j % reactions.length]!.id as string;
      });
    });
    return doc;
  });

/**
 * What makes a case a case (ICH-REQUIRED and ICH-MINIMUM-CASE in layer 2), added where the draw
 * left it out: none of it is about the schema.
 */
function floor(draft: Record<string, Record<string, unknown> | undefined>) {
  const doc = structuredClone(draft);
  doc.C = { ...FLOOR, ...doc.C };
  if (doc.C.sender) (doc.C.sender as Values).type ??= '2';
  doc.E = { ...doc.E, reactions: (doc.E?.reactions as object[] | undefined) ?? [{ id: REACTION }] };
  doc.G = { ...doc.G, drugs: (doc.G?.drugs as object[] | undefined) ?? [{ id: DRUG }] };
  for (const r of doc.E.reactions as Values[]) r.term ??= { version: '26.1', code: '10037087' };
  for (const d of doc.G.drugs as Values[]) {
    d.name ??= 'Drug';
    d.role ??= '1';
  }
  return doc;
}

/**
 * A floored draft completed as the ICH conformance rules that exist for the schema's sake ask,
 * each line one rule (the draft test below shows each is found on its field otherwise).
 */
function complete(draft: Record<string, Record<string, unknown> | undefined>) {
  const doc = floor(draft);
  const C = doc.C!;
  // A middle name follows a given name (ICH-CONDITIONAL on C.2.r.1.2 and C.3.3.3).
  for (const person of [...((C.primarySources ?? []) as Values[]), C.sender as Values | undefined])
    if (person?.middleName && !person.givenName) person.givenName = 'Given';
  // A medical-history entry names its condition (ICH-CONDITIONAL on D.7.1.r.1b, D.10.7.1.r.1b).
  const parent = doc.D?.parent as Values | undefined;
  for (const entry of [
    ...((doc.D?.medicalHistory ?? []) as Values[]),
    ...((parent?.medicalHistory ?? []) as Values[]),
  ])
    entry.condition ??= { version: '26.1', code: '10020772' };
  // A start, an end and a duration are never all three given (ICH-CONDITIONAL on E.i.6).
  for (const r of doc.E!.reactions as Values[]) if (r.startDate && r.endDate) delete r.duration;
  for (const d of doc.G!.drugs as Values[]) {
    // A substance is named (ICH-CONDITIONAL on G.k.2.3.r.1).
    for (const substance of (d.substances as Values[] | undefined) ?? []) substance.name ??= 'Substance';
    // A start, an end and a duration are never all three given (ICH-CONDITIONAL on G.k.4.r.6).
    for (const dosage of (d.dosages as Values[] | undefined) ?? [])
      if (dosage.startDate && dosage.endDate) delete dosage.duration;
  }
  // A product has an MPID or a PhPID, not both (ICH-CONDITIONAL on G.k.2.1.2b, D.8.r.3b, D.10.8.r.3b).
  for (const product of [
    ...((doc.D?.pastDrugs ?? []) as Values[]),
    ...((parent?.pastDrugs ?? []) as Values[]),
    ...(doc.G!.drugs as Values[]),
  ])
    if (product.mpid && product.phpid) delete product.phpid;
  // A test is named, in words or coded (ICH-CONDITIONAL on F.r.2.1).
  for (const t of (doc.F?.tests ?? []) as Values[]) if (!t.name && !t.code) t.name = 'Test';
  return doc;
}

/** A drug's assessments in the order of the reactions they name: their order carries no meaning. */
function inReactionOrder(document: unknown) {
  const doc = structuredClone(document) as { E?: { reactions?: { id: string }[] }; G?: { drugs?: Values[] } };
  const order = (doc.E?.reactions ?? []).map((r) => r.id);
  for (const drug of doc.G?.drugs ?? []) {
    const list = drug.reactionAssessments as { reactionId: string }[] | undefined;
    list?.sort((a, b) => order.indexOf(a.reactionId) - order.indexOf(b.reactionId));
  }
  return doc;
}

/** Draws per property (raise with E2B_PROPERTY_RUNS, replay with E2B_PROPERTY_SEED). */
const RUNS = Number(process.env.E2B_PROPERTY_RUNS) || 100;
const SEED = process.env.E2B_PROPERTY_SEED ? Number(process.env.E2B_PROPERTY_SEED) : undefined;
/** Dates drawn from the patterns may lie in the future; that finding is not what is tested here. */
const FAR = new Date('9999-12-31T23:59:59Z');
/** Time allowed per property: about 150 ms a draw on a loaded machine, at least the default 30 s. */
const TIMEOUT = Math.max(30_000, RUNS * 150);

/** The case-document schema at a concrete or template path, taking a value's branch of a union. */
function schemaAt(path: string): Schema | undefined {
  let s: Schema | undefined = CaseDocument as unknown as Schema;
  for (const part of path.split(/\.|(?=\[)/)) {
    if (!s) return undefined;
    if (s.anyOf) s = s.anyOf.find((a) => !a.properties?.nullFlavor) ?? s.anyOf[0];
    s = part.startsWith('[') ? s!.items : s!.properties?.[part];
  }
  return s?.anyOf ? (s.anyOf.find((a) => !a.properties?.nullFlavor) ?? s.anyOf[0]) : s;
}

function valueAt(doc: Values, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split(/\.|(?=\[)/)) {
    const key = part.startsWith('[') ? Number(part.slice(1, -1)) : part;
    cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[key] : undefined;
  }
  return cur;
}

/** Sets (or with `undefined` deletes) the value at `path`, creating objects and lists on the way. */
function setAt(doc: Values, path: string, value: unknown) {
  const parts = path.split(/\.|(?=\[)/).map((p) => (p.startsWith('[') ? Number(p.slice(1, -1)) || 0 : p));
  let cur: Record<string | number, unknown> = doc;
  parts.slice(0, -1).forEach((part, i) => {
    cur[part] ??= typeof parts[i + 1] === 'number' ? [] : {};
    cur = cur[part] as Record<string | number, unknown>;
  });
  const last = parts.at(-1)!;
  if (value !== undefined) cur[last] = value;
  else if (Array.isArray(cur)) cur.splice(last as number, 1);
  else delete cur[last];
}

/**
 * Mends a draft where ICH conformance says, and only there, until it says nothing: a missing
 * element gets a value drawn from its own schema (or the value the rule asks for), one that must
 * not be there is removed, and a value of the wrong form is dropped. Findings without a field
 * could not be mended, so they fail the test.
 */
function mend(draft: Values, seed: number): Values {
  const doc = structuredClone(draft);
  for (let round = 0; round < 12; round++) {
    // A reaction or drug added on the way gets the id every one has.
    for (const [list, prefix] of [
      [(doc.E as Values | undefined)?.reactions, '11111111-2222-4333-8444-'],
      [(doc.G as Values | undefined)?.drugs, 'aaaaaaaa-bbbb-4ccc-8ddd-'],
    ] as const)
      ((list ?? []) as Values[]).forEach((item, i) => {
        item.id ??= `${prefix}${String(900000000000 + round * 10 + i)}`;
      });
    const findings = validateCase(
      doc as never,
      { messageType: '1', ...batchHeader, ...messageHeader },
      'ich',
      {
        now: FAR,
      },
    ).filter((f) => f.severity === 'error');
    if (findings.length === 0) return doc;
    for (const f of findings) {
      expect(f.casePath, JSON.stringify(f)).toBeTruthy();
      const rule = ICH_RULES.find((r) => r.rule === f.rule && r.target === f.dataElement);
      const path = f.casePath!;
      const schema = schemaAt(path.replace(/\[\d+\]/g, '[]'));
      const draw = (s: Schema) => fc.sample(arbitrary(s), { numRuns: 1, seed: seed + round })[0];
      if (f.rule === 'ICH-FORMAT') {
        // An object short of a property it requires gets it; any other value of the wrong form goes.
        const value = valueAt(doc, path);
        const missing = (schema?.required ?? []).filter(
          (k) => value && typeof value === 'object' && !(k in value),
        );
        if (missing.length)
          for (const k of missing) setAt(doc, `${path}.${k}`, draw(schema!.properties![k]!));
        else setAt(doc, path, undefined);
      } else if (rule?.test === 'absent') {
        // What must not be there goes, with the object it belongs to when that object needs it.
        const parent = path.replace(/\.[^.]+$/, '');
        const needed = schemaAt(parent.replace(/\[\d+\]/g, '[]'))?.required?.includes(
          path.slice(parent.length + 1),
        );
        setAt(doc, needed ? parent : path, undefined);
      } else if (rule && typeof rule.test === 'object' && 'precision' in rule.test)
        // A date short of the precision ICH asks gets one to the second.
        setAt(doc, path, '2020-01-15T10:20:30+01:00');
      else if (rule && typeof rule.test === 'object' && 'in' in rule.test) setAt(doc, path, rule.test.in[0]);
      else {
        expect(schema, path).toBeDefined();
        setAt(doc, path, draw(schema!));
      }
    }
  }
  throw new Error(
    `conformance never settles: ${JSON.stringify(doc)} ${JSON.stringify(validateCase(doc as never, { messageType: '1', ...batchHeader, ...messageHeader }, 'ich', { now: FAR }))}`,
  );
}

describe('case documents generated from the schema', () => {
  it(
    'always export to schema-valid XML that imports back equal, once complete for ICH conformance',
    () => {
      fc.assert(
        fc.property(drafts.map(complete), (document) => {
          const messages = [{ header: messageHeader, document: document as never }];
          const xml = exportBatch(batchHeader, messages);
          expect(validateXsd(xml)).toEqual([]);
          const { cases } = importBatch(xml);
          expect(cases[0]!.unmapped).toEqual([]);
          expect(inReactionOrder(cases[0]!.document)).toEqual(inReactionOrder(document));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    TIMEOUT,
  );

  it(
    'that ICH conformance accepts, the ICH schema accepts: conformance speaks first, on a field',
    () => {
      fc.assert(
        fc.property(drafts, fc.integer(), (draft, seed) => {
          const document = mend(draft, seed);
          const messages = [{ header: messageHeader, document: document as never }];
          const report = validate({ batch: batchHeader, messages }, 'ich', { now: FAR });
          expect(report.valid, JSON.stringify([document, report])).toBe(true);
          expect(report.findings).toEqual([]);
          const { cases } = importBatch(exportBatch(batchHeader, messages));
          expect(cases[0]!.unmapped).toEqual([]);
          expect(inReactionOrder(cases[0]!.document)).toEqual(inReactionOrder(document));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    TIMEOUT,
  );
});
