import { describe, expect, it } from 'vitest';
import { fieldVisible, minimumCriteria, validateFormAnswers } from '../src/form-validation.ts';
import type { FormVersionDefinition } from '../src/forms.ts';

const DATE = '^\\d{4}(-\\d{2}(-\\d{2}(T\\d{2}(:\\d{2}(:\\d{2}(\\.\\d{1,4})?)?)?)?)?)?([+-]\\d{2}:\\d{2})?$';

/** A small form written by hand (the fields as the server binds them, spelled out). */
const form: FormVersionDefinition = {
  key: 'adr-test',
  name: 'ADR test',
  audience: 'public',
  reportType: 'adr',
  fields: [
    {
      path: 'D.sex',
      e2b: 'D.5',
      kind: 'code',
      required: true,
      nullFlavours: ['MSK', 'UNK', 'ASKU', 'NASK'],
      options: ['1', '2'],
    },
    {
      path: 'D.lastMenstrualPeriodDate',
      e2b: 'D.6',
      kind: 'date',
      required: false,
      nullFlavours: ['MSK', 'ASKU', 'NASK'],
      pattern: DATE,
    },
    {
      path: 'D.birthDate',
      e2b: 'D.2.1',
      kind: 'date',
      required: false,
      nullFlavours: ['MSK'],
      pattern: DATE,
    },
    { path: 'D.ageAtOnset', e2b: 'D.2.2', kind: 'quantity', required: false, nullFlavours: [] },
    { path: 'E.reactions', e2b: 'E.i', kind: 'list', required: true, nullFlavours: [] },
    {
      path: 'E.reactions[].nativeTerm',
      e2b: 'E.i.1.1a',
      kind: 'text',
      required: true,
      nullFlavours: [],
      maxLength: 250,
    },
    {
      path: 'E.reactions[].outcome',
      e2b: 'E.i.7',
      kind: 'code',
      required: false,
      nullFlavours: [],
      options: ['0', '1', '2', '3', '4', '5'],
    },
    {
      path: 'E.reactions[].endDate',
      e2b: 'E.i.5',
      kind: 'date',
      required: false,
      nullFlavours: ['MSK', 'ASKU', 'NASK'],
      pattern: DATE,
    },
    {
      path: 'G.drugs[].name',
      e2b: 'G.k.2.2',
      kind: 'text',
      required: true,
      nullFlavours: [],
      maxLength: 250,
    },
    {
      path: 'G.drugs[].role',
      e2b: 'G.k.1',
      kind: 'code',
      required: false,
      nullFlavours: [],
      options: ['1', '2', '3', '4'],
    },
    {
      path: 'C.primarySources[].email',
      e2b: 'FDA.C.2.r.2.8',
      kind: 'text',
      required: false,
      nullFlavours: ['MSK', 'ASKU', 'NASK'],
      maxLength: 100,
    },
    {
      path: 'C.primarySources[].qualification',
      e2b: 'C.2.r.4',
      kind: 'code',
      required: false,
      nullFlavours: ['UNK'],
      options: ['1', '2', '3', '4', '5'],
    },
    { path: 'H.narrative', e2b: 'H.1', kind: 'text', required: false, nullFlavours: [], maxLength: 100000 },
  ],
  layout: {
    languages: ['en', 'fr'],
    title: { en: 'Report a side effect', fr: 'Signaler un effet indésirable' },
    sections: [
      {
        id: 'patient',
        title: { en: 'Patient' },
        questions: [
          { field: 'D.sex', label: { en: 'Sex', fr: 'Sexe' } },
          { field: 'D.lastMenstrualPeriodDate', label: { en: 'Last menstrual period' } },
          { field: 'D.birthDate', label: { en: 'Date of birth' } },
          { field: 'D.ageAtOnset', label: { en: 'Age' } },
        ],
      },
      {
        id: 'reaction',
        title: { en: 'Reaction' },
        repeat: 'E.reactions',
        questions: [
          { field: 'E.reactions[].nativeTerm', label: { en: 'What happened?' } },
          { field: 'E.reactions[].outcome', label: { en: 'Outcome' } },
          { field: 'E.reactions[].endDate', label: { en: 'When did it end?' } },
        ],
      },
      {
        id: 'medicine',
        title: { en: 'Medicine' },
        repeat: 'G.drugs',
        questions: [{ field: 'G.drugs[].name', label: { en: 'Medicine name' } }],
      },
      {
        id: 'reporter',
        title: { en: 'You' },
        questions: [{ field: 'C.primarySources[].email', label: { en: 'Email' } }],
      },
      {
        id: 'story',
        title: { en: 'Story' },
        questions: [{ field: 'H.narrative', label: { en: 'Tell us more' } }],
      },
    ],
  },
  conditions: [
    { when: 'D.sex == "2"', action: 'show', targets: ['D.lastMenstrualPeriodDate'] },
    { when: 'E.reactions[].outcome == "1"', action: 'require', targets: ['E.reactions[].endDate'] },
    { when: 'H.narrative == "skip"', action: 'hide', targets: ['section:reaction'] },
  ],
};

const complete = {
  C: { primarySources: [{ email: 'ana@example.org' }] },
  D: { sex: '2', ageAtOnset: { value: '34', unit: 'a' } },
  E: { reactions: [{ nativeTerm: 'rash', outcome: '3' }] },
  G: { drugs: [{ name: 'Amoxicillin' }] },
};

const fields = (document: unknown, options = {}) =>
  validateFormAnswers(form, document, options).map((f) => `${f.field} ${f.reason}`);

describe('form validation', () => {
  it('passes a complete report', () => {
    expect(validateFormAnswers(form, complete)).toEqual([]);
  });

  it('answers every finding at once, each in the meta.fields shape', () => {
    const findings = validateFormAnswers(
      form,
      { D: { sex: '9' }, E: { reactions: [{ nativeTerm: 'x'.repeat(251) }] } },
      { prefix: 'body/report/' },
    );
    expect(findings.map((f) => `${f.field} ${f.reason}`)).toEqual([
      'body/report/D/sex choice',
      'body/report/E/reactions/0/nativeTerm tooLong',
      'body/report/C/primarySources required',
      'body/report/G/drugs required',
    ]);
    expect(findings[1]).toMatchObject({
      limit: 250,
      label: 'What happened?',
      message: '"What happened?" must be at most 250 characters',
    });
    expect(findings[0]!.message).toBe('"Sex" must be one of the choices offered');
    for (const f of findings)
      expect(Object.keys(f).sort()).toEqual(expect.arrayContaining(['field', 'message', 'reason']));
  });

  it('requires the required fields, and those a condition requires, item by item', () => {
    expect(
      fields({ ...complete, D: { ageAtOnset: { value: '3', unit: 'a' } } }, { minimumCriteria: false }),
    ).toEqual(['D/sex required']);
    const twoReactions = {
      ...complete,
      E: {
        reactions: [
          { nativeTerm: 'rash', outcome: '1' },
          { nativeTerm: 'fever', outcome: '3' },
          { outcome: '1', endDate: '2024' },
        ],
      },
    };
    // In the form's order of fields.
    expect(fields(twoReactions)).toEqual([
      'E/reactions/2/nativeTerm required',
      'E/reactions/0/endDate required',
    ]);
    expect(fields({ ...complete, E: undefined }, { minimumCriteria: false })).toEqual([
      'E/reactions required',
    ]);
    expect(fields({ ...complete, G: { drugs: [{ role: '1' }] } })).toEqual([
      'G/drugs/0/name required',
      'G/drugs required',
    ]);
  });

  it('asks what an inner list requires inside an item that exists', () => {
    const withDosage: FormVersionDefinition = {
      ...form,
      fields: [
        ...form.fields,
        {
          path: 'G.drugs[].dosages[].batchLot',
          e2b: 'G.k.4.r.7',
          kind: 'text',
          required: true,
          nullFlavours: [],
          maxLength: 35,
        },
      ],
    };
    const fieldsOf = (document: unknown) =>
      validateFormAnswers(withDosage, document).map((f) => `${f.field} ${f.reason}`);
    expect(fieldsOf(complete)).toEqual(['G/drugs/0/dosages/0/batchLot required']);
    expect(
      fieldsOf({
        ...complete,
        G: {
          drugs: [
            { name: 'A', dosages: [] },
            { name: 'B', dosages: [{ batchLot: 'X1' }, {}] },
          ],
        },
      }),
    ).toEqual(['G/drugs/0/dosages/0/batchLot required', 'G/drugs/1/dosages/1/batchLot required']);
    expect(fieldsOf({ ...complete, G: { drugs: [{ name: 'A', dosages: [{ batchLot: 'X1' }] }] } })).toEqual(
      [],
    );
  });

  it('uses the label in the requested language', () => {
    const [finding] = validateFormAnswers(
      form,
      { ...complete, D: { ageAtOnset: { value: '3', unit: 'a' } } },
      { language: 'fr' },
    );
    expect(finding).toMatchObject({
      field: 'D/sex',
      reason: 'required',
      label: 'Sexe',
      message: 'Answer "Sexe"',
    });
  });

  it('ignores hidden fields, whatever they hold', () => {
    const male = { ...complete, D: { sex: '1', lastMenstrualPeriodDate: 'not a date' } };
    expect(fields(male)).toEqual([]);
    expect(fields({ ...complete, D: { sex: '2', lastMenstrualPeriodDate: 'not a date' } })).toEqual([
      'D/lastMenstrualPeriodDate format',
    ]);
    expect(fieldVisible(form, 'D.lastMenstrualPeriodDate', male)).toBe(false);
    // A hidden section: its required fields are not asked (the reaction criterion still is).
    const skipped = { ...complete, H: { narrative: 'skip' }, E: { reactions: [{ outcome: '1' }] } };
    expect(fields(skipped)).toEqual(['E/reactions required']);
  });

  it('accepts partial dates and refuses dates that do not exist', () => {
    for (const ok of ['2024', '2024-02', '2024-02-29', '2024-03-07T14:05', '2023-12-31T23:59:59+01:00'])
      expect(fields({ ...complete, D: { sex: '2', birthDate: ok } })).toEqual([]);
    for (const bad of ['2024-13', '2023-02-29', '2024-04-31', '07/03/2024', '2024-3-7', '2024-01-01T24:00'])
      expect(fields({ ...complete, D: { sex: '2', birthDate: bad } })).toEqual(['D/birthDate format']);
  });

  it('accepts the null flavours E2B allows on a field, and only those', () => {
    expect(
      fields({ ...complete, D: { sex: { nullFlavor: 'UNK' }, ageAtOnset: { value: '3', unit: 'a' } } }),
    ).toEqual([]);
    expect(
      fields({ ...complete, D: { sex: { nullFlavor: 'ASKU' }, ageAtOnset: { value: '3', unit: 'a' } } }),
    ).toEqual([]);
    expect(fields({ ...complete, D: { sex: '2', birthDate: { nullFlavor: 'MSK' } } })).toEqual([]);
    expect(fields({ ...complete, D: { sex: '2', birthDate: { nullFlavor: 'UNK' } } })).toEqual([
      'D/birthDate notAllowed',
    ]);
    expect(fields({ ...complete, G: { drugs: [{ name: { nullFlavor: 'UNK' } }] } })).toEqual([
      'G/drugs/0/name notAllowed',
      'G/drugs required',
    ]);
  });

  it('checks the four minimum criteria of a valid report', () => {
    expect(fields({})).toEqual([
      'D/sex required',
      'E/reactions required',
      'D required',
      'C/primarySources required',
      'G/drugs required',
      'E/reactions required',
    ]);
    const criteria = validateFormAnswers(form, {})
      .filter((f) => f.criterion)
      .map((f) => f.criterion);
    expect(criteria).toEqual(['patient', 'reporter', 'product', 'reaction']);
    expect(minimumCriteria(complete)).toEqual({
      patient: true,
      reporter: true,
      product: true,
      reaction: true,
    });
    // A masked value identifies (the sender knows it); "unknown" does not.
    expect(minimumCriteria({ D: { name: { nullFlavor: 'MSK' } } }).patient).toBe(true);
    expect(minimumCriteria({ D: { sex: { nullFlavor: 'UNK' } } }).patient).toBe(false);
    // Only a suspect or interacting drug (or one with no role given) is a suspect product.
    expect(minimumCriteria({ G: { drugs: [{ name: 'Paracetamol', role: '2' }] } }).product).toBe(false);
    expect(
      minimumCriteria({
        G: {
          drugs: [
            { name: 'Paracetamol', role: '2' },
            { name: 'X', role: '3' },
          ],
        },
      }).product,
    ).toBe(true);
    expect(minimumCriteria({ C: { primarySources: [{ qualification: '3' }] } }).reporter).toBe(true);
    expect(
      minimumCriteria({ C: { primarySources: [{ qualification: { nullFlavor: 'UNK' } }] } }).reporter,
    ).toBe(false);
    expect(minimumCriteria({ E: { reactions: [{ outcome: '1' }] } }).reaction).toBe(false);
    expect(fields({}, { minimumCriteria: false })).toEqual(['D/sex required', 'E/reactions required']);
  });

  it('refuses values of the wrong type without throwing', () => {
    const odd = {
      C: 'x',
      D: { sex: 2, ageAtOnset: { value: 'ten' } },
      E: { reactions: 'rash' },
      G: { drugs: [null, 5] },
    };
    expect(() => validateFormAnswers(form, odd)).not.toThrow();
    expect(fields(odd, { minimumCriteria: false })).toEqual([
      'D/sex format',
      'D/ageAtOnset format',
      'E/reactions format',
      'G/drugs/0/name required',
      'G/drugs/1/name required',
    ]);
  });
});
