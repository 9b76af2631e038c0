import { type CaseDocument, type FormField, resolveFormField } from '@vigilo/contract';
import { exportBatch, importBatch, type MessageFacts, messageCase, validateXsd } from '@vigilo/e2b';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STANDARD_VIEWS } from '../forms/forms.standard.ts';

/**
 * Form-shaped cases (decision 0240): what the standard forms produce, any subset of their
 * questions answered with values of each field's kind ("I don't know" where E2B allows it),
 * nothing an ICH rule would add. Through the message case, every one exports schema-valid and
 * imports back to the message case it was written from ("Was it serious?" aside: the XML holds
 * it as the six criteria).
 */

type Doc = Record<string, unknown>;
const TEXT = 'aZ09 &<>"\'éß-_/.'.split('');
const text = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: Math.min(max, 24), unit: fc.constantFrom(...TEXT) })
    .filter((s) => s.trim() === s && s !== '');
const partialDate = fc.oneof(
  fc.integer({ min: 1990, max: 2026 }).map(String),
  fc
    .tuple(fc.integer({ min: 1990, max: 2026 }), fc.integer({ min: 1, max: 12 }))
    .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
  fc
    .tuple(
      fc.integer({ min: 1990, max: 2026 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
    )
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

/** A value a reporter can give to a question bound to `field`. */
function answer(field: FormField): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    switch (field.kind) {
      case 'boolean':
        return fc.boolean();
      case 'code':
        return fc.constantFrom(...(field.options ?? ['1']));
      case 'date':
        return partialDate;
      case 'coded':
        return fc.stringMatching(/^\d{8}$/).map((code) => ({ version: '27.0', code }));
      case 'quantity':
        return fc
          .tuple(fc.integer({ min: 1, max: 99 }), fc.constantFrom('a', 'mo', 'wk', 'd'))
          .map(([v, unit]) => ({ value: String(v), unit }));
      default:
        return field.pattern
          ? fc
              .stringMatching(new RegExp(field.pattern))
              .filter((s) => s.length <= Math.min(field.maxLength ?? 24, 24))
          : text(field.maxLength ?? 24);
    }
  })();
  const flavours = field.nullFlavours.filter((f) => f !== 'MSK');
  return flavours.length
    ? fc.oneof(
        { arbitrary: value, weight: 4 },
        fc.constantFrom(...flavours).map((nullFlavor) => ({ nullFlavor })),
      )
    : value;
}

/** Sets `path` (`G.drugs[].dosages[].batchLot`) in `doc`, in the first item of each list. */
function put(doc: Doc, path: string, value: unknown) {
  const parts = path.split('.');
  let at: Doc = doc;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const name = part.replace('[]', '');
    if (part.endsWith('[]')) {
      at[name] ??= [{}];
      if (!last) at = (at[name] as Doc[])[0]!;
    } else if (last) at[name] = value;
    else {
      at[name] ??= {};
      at = at[name] as Doc;
    }
  });
}

/** A case as one standard form would send it: some of its questions answered. */
const formCase = (key: string) => {
  const view = STANDARD_VIEWS.find((v) => v.key === key)!;
  const questions = view.layout.sections.flatMap((s) => s.questions.map((q) => q.field));
  const fields = questions.map((path) => resolveFormField(path)!).filter((f) => f.kind !== 'list');
  return fc.tuple(...fields.map((f) => fc.option(answer(f), { nil: undefined, freq: 2 }))).map((answers) => {
    const doc: Doc = { schemaVersion: 1, C: {} };
    fields.forEach((f, i) => {
      if (answers[i] !== undefined) put(doc, f.path, answers[i]);
    });
    // The web gives each reaction and drug its local id (complete-document.ts).
    const E = doc.E as { reactions?: Doc[] } | undefined;
    const G = doc.G as { drugs?: Doc[] } | undefined;
    if (E?.reactions) E.reactions[0]!.id = '5d2c7a51-2f0e-4c59-9d8e-0c3b7e6b9a01';
    if (G?.drugs) G.drugs[0]!.id = '8a1f3b2c-6d4e-4f70-8a9b-1c2d3e4f5a6b';
    // The professional form's condition: a unit or a qualifier needs the result's number, so a
    // result without one is never sent (forms.standard.ts); the contract requires it too.
    // A test left with nothing answered is no test (the form sends no empty item).
    const F = doc.F as { tests?: { result?: { value?: string } }[] } | undefined;
    for (const test of F?.tests ?? []) if (test.result && test.result.value === undefined) delete test.result;
    if (F?.tests && Object.keys(F.tests[0]!).length === 0) delete doc.F;
    return doc as unknown as CaseDocument;
  });
};

const facts: fc.Arbitrary<MessageFacts> = fc.record({
  safetyReportId: fc.constant('GB-NPC-K7HD-3MXT-R'),
  messageTime: fc.constant('2026-12-02T10:15:00+00:00'),
  receivedOn: fc.constant('2026-11-03'),
  imported: fc.constant(false),
  reportType: fc.constant('1' as const),
  otherIdentifiers: fc.array(fc.record({ source: text(20), caseId: text(20) }), { maxLength: 1 }),
  attachments: fc.array(text(30), { maxLength: 2 }),
  firstSender: fc.constantFrom('1' as const, '2' as const),
  sender: fc.record(
    {
      type: fc.constantFrom('1', '2', '3', '4', '5', '6'),
      organisation: text(40),
      country: fc.constantFrom('GB', 'FR'),
    },
    { requiredKeys: ['type'] },
  ) as fc.Arbitrary<MessageFacts['sender']>,
  sourceLanguage: fc.constantFrom('eng', 'fra'),
});

const header = {
  batch: {
    batchNumber: 'B-1',
    batchSender: 'NPC',
    batchReceiver: 'ICH',
    transmissionTime: '2026-12-02T10:15:00+00:00',
  },
  message: {
    messageId: 'M-1',
    messageSender: 'NPC',
    messageReceiver: 'ICH',
    messageCreationTime: '2026-12-02T10:15:00+00:00',
  },
};

/** The message case as the XML can hold it: without the form's "Was it serious?". */
const withoutAsked = (doc: CaseDocument) => {
  const copy = structuredClone(doc);
  for (const r of copy.E?.reactions ?? []) delete r.serious;
  return copy;
};

const RUNS = Number(process.env.E2B_PROPERTY_RUNS) || 40;

describe('form-shaped cases through the message case', () => {
  for (const key of STANDARD_VIEWS.map((v) => v.key))
    it(`${key}: schema-valid and back again, whatever the reporter answered`, () => {
      fc.assert(
        fc.property(formCase(key), facts, (document, given) => {
          const written = messageCase(document, given);
          const xml = exportBatch(header.batch, [{ header: header.message, document: written }]);
          expect(validateXsd(xml)).toEqual([]);
          const [back] = importBatch(xml).cases;
          expect(back!.document).toEqual(withoutAsked(written));
        }),
        { numRuns: RUNS },
      );
    }, 120_000);
});
