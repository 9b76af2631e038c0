import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { validate, validateCase } from '../src/index.ts';
import { previousMeddra } from '../src/validate/index.ts';
import { schemaFindings } from '../src/validate/schema-check.ts';
import { batchHeader, handWrittenCase, messageHeader } from './fixtures.ts';

/**
 * What `validate` and `validateCase` add around the rules (issue 27, decision 0325): future
 * dates at the precision they have, control characters anywhere, one finding for two rules
 * saying the same, the reference lists, the inputs `validate` takes, and the schema check's
 * sentences. Expectations written by hand.
 */
const NOW = new Date('2024-06-01T00:00:00Z');
const copy = (): CaseDocument => structuredClone(handWrittenCase);
const headers = { messageType: '1', ...batchHeader, ...messageHeader };
const ofRule = (rule: string, document: CaseDocument, profile: 'ich' | 'fda' | 'eu' = 'ich') =>
  validateCase(document, headers, profile, { now: NOW }).filter((f) => f.rule === rule);

describe('the MedDRA release before another', () => {
  it('is X.0 before X.1 and the previous X.1 before X.0; anything else has none', () => {
    expect(previousMeddra('27.1')).toBe('27.0');
    expect(previousMeddra('27.0')).toBe('26.1');
    expect(previousMeddra('10.0')).toBe('9.1');
    expect(previousMeddra('27')).toBeUndefined();
    expect(previousMeddra('27.2')).toBeUndefined();
    expect(previousMeddra('v27.1')).toBeUndefined();
    expect(previousMeddra('27.1.1')).toBeUndefined();
  });
});

describe('dates in the future', () => {
  const started = (startDate: string) => {
    const doc = copy();
    doc.E!.reactions![0]!.startDate = startDate;
    return ofRule('ICH-FUTURE-DATE', doc).map((f) => f.casePath);
  };

  it('are compared at the precision the date has, and by the day at most', () => {
    expect(started('2024-06')).toEqual([]);
    expect(started('2024-06-01')).toEqual([]);
    expect(started('2024-06-01T23:59')).toEqual([]);
    expect(started('2024-06-01T23:00:00+02:00')).toEqual([]);
    expect(started('2024-05-31')).toEqual([]);
    expect(started('2024-06-02')).toEqual(['E.reactions[0].startDate']);
    expect(started('2024-07')).toEqual(['E.reactions[0].startDate']);
    expect(started('2025')).toEqual(['E.reactions[0].startDate']);
  });

  it('write the whole finding, in the language asked', () => {
    const doc = copy();
    doc.C.creationDate = '2024-06-02T10:00:00+01:00';
    expect(validateCase(doc, headers, 'ich', { now: NOW, language: 'fr' })).toEqual([
      {
        layer: 'ich',
        severity: 'error',
        rule: 'ICH-FUTURE-DATE',
        dataElement: 'C.1.2',
        xpath:
          "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/effectiveTime/@value",
        casePath: 'C.creationDate',
        message: 'Date de création (C.1.2) : 2024-06-02T10:00:00+01:00 est une date future.',
      },
    ]);
  });

  it('leave a date given as a null flavour alone', () => {
    const doc = copy();
    (doc.E!.reactions![0] as Record<string, unknown>).startDate = { nullFlavor: 'UNK' };
    expect(ofRule('ICH-FUTURE-DATE', doc)).toEqual([]);
  });
});

describe('control characters', () => {
  it('are found in any field, in lists and lists of objects, by their path', () => {
    const doc = copy();
    doc.G!.drugs![0]!.name = 'Drug\u0001';
    doc.C.linkedReportIds = ['ok', 'bad\u0002'];
    expect(
      validateCase(doc, headers, 'ich', { now: NOW }).filter((f) => f.rule === 'ICH-CHARACTERS'),
    ).toEqual([
      {
        layer: 'ich',
        severity: 'error',
        rule: 'ICH-CHARACTERS',
        casePath: 'C.linkedReportIds[1]',
        message:
          'C.linkedReportIds[1] holds a control character that an E2B message cannot carry: remove it.',
      },
      {
        layer: 'ich',
        severity: 'error',
        rule: 'ICH-CHARACTERS',
        casePath: 'G.drugs[0].name',
        message: 'G.drugs[0].name holds a control character that an E2B message cannot carry: remove it.',
      },
    ]);
  });
});

describe('one finding for two rules', () => {
  it('names both rules, keeps the ICH sentence, and says nothing of "missing"', () => {
    const doc = copy();
    delete doc.C.documentsHeldBySender;
    const found = validateCase(doc, headers, 'fda', { now: NOW });
    expect(found.map((f) => [f.layer, f.rule, f.rules, f.severity])).toEqual([
      ['ich', 'ICH-CONDITIONAL', ['ICH-CONDITIONAL', 'R0009'], 'error'],
    ]);
    expect(found[0]).not.toHaveProperty('missing');
    expect(validateCase(doc, headers, 'ich', { now: NOW })[0]).not.toHaveProperty('missing');
  });

  it('keeps a regional finding about another element, or another case path, apart', () => {
    const doc = copy();
    delete doc.C.senderSafetyReportId;
    const found = validateCase(doc, { ...headers, messageReceiver: 'EMA' }, 'fda', { now: NOW });
    expect(found.map((f) => [f.layer, f.rule, f.dataElement, f.rules])).toEqual([
      ['ich', 'ICH-REQUIRED', 'C.1.1', undefined],
      ['profile', 'R0006', 'N.2.r.3', undefined],
    ]);
  });
});

describe('the reference lists of the EU profile', () => {
  const eu = (version: string, reference: Parameters<typeof validateCase>[3] extends infer O ? O : never) => {
    const doc = copy();
    doc.E!.reactions![0]!.term = { ...doc.E!.reactions![0]!.term!, version };
    return validateCase(doc, headers, 'eu', { now: NOW, ...(reference as object) })
      .filter((f) => f.rule === 'EU-MEDDRA-VERSION' && f.casePath === 'E.reactions[0].term.version')
      .map((f) => f.casePath);
  };
  const term = ['E.reactions[0].term.version'];

  it('take the current MedDRA release and the one before it, and only those', () => {
    expect(eu('27.1', { reference: { meddraCurrent: '27.1' } })).toEqual([]);
    expect(eu('27.0', { reference: { meddraCurrent: '27.1' } })).toEqual([]);
    expect(eu('26.1', { reference: { meddraCurrent: '27.1' } })).toEqual(term);
    expect(eu('26.1', { reference: { meddraCurrent: '27.0' } })).toEqual([]);
  });

  it('take a current release of another form as the only one, and check the form without one', () => {
    expect(eu('27.1', { reference: { meddraCurrent: '2024' } })).toEqual(term);
    expect(eu('2024', { reference: { meddraCurrent: '2024' } })).toEqual([]);
    expect(eu('12.0', {})).toEqual([]);
    expect(eu('12.5', {})).toEqual(term);
  });

  it('check a route or dose form against the list given, and by form when only the other list is given', () => {
    const doc = copy();
    const dosage = doc.G!.drugs![0]!.dosages![0]!;
    dosage.route = { code: 'ROA-1', version: '2.2' };
    dosage.doseForm = { code: 'PDF-1', version: '2.2' };
    const edqm = (reference: object) =>
      validateCase(doc, headers, 'eu', { now: NOW, reference })
        .filter((f) => f.rule.startsWith('EU-EDQM'))
        .map((f) => f.rule);
    expect(edqm({})).toEqual([]);
    expect(edqm({ edqmRoutes: ['ROA-2'] })).toEqual(['EU-EDQM-ROUTE']);
    expect(edqm({ edqmDoseForms: ['PDF-2'] })).toEqual(['EU-EDQM-DOSE-FORM']);
    expect(edqm({ edqmRoutes: ['ROA-1'], edqmDoseForms: ['PDF-1'] })).toEqual([]);
  });
});

describe('what validate takes', () => {
  it('bytes as well as text, and says a refused file with its line', () => {
    expect(validate(Buffer.from('<a>\n<b></a>'))).toEqual({
      valid: false,
      cases: [],
      findings: [
        {
          layer: 'xsd',
          severity: 'error',
          rule: 'XML_MALFORMED',
          line: 2,
          message:
            'The file is not well-formed XML: Opening and ending tag mismatch: b line 2 and a (line 2).',
        },
      ],
    });
  });

  it('case documents whose dates the exporter cannot write, reported by layer 2 alone', () => {
    // "2024-3-7" is no partial ISO date: its form, its precision, and (compared as text) its day.
    const doc = copy();
    doc.C.creationDate = '2024-3-7';
    const report = validate(
      { batch: batchHeader, messages: [{ header: messageHeader, document: doc }] },
      'ich',
      {
        now: NOW,
      },
    );
    expect(report.valid).toBe(false);
    expect(report.findings).toEqual([]);
    expect(report.cases.map((c) => [c.index, c.findings.map((f) => [f.rule, f.casePath])])).toEqual([
      [
        0,
        [
          ['ICH-FORMAT', 'C.creationDate'],
          ['ICH-DATE-PRECISION', 'C.creationDate'],
          ['ICH-FUTURE-DATE', 'C.creationDate'],
        ],
      ],
    ]);
  });

  it('is valid with warnings only, and numbers each case', () => {
    const doc = copy();
    doc.D!.name = 'Jean';
    const dosage = doc.G!.drugs![0]!.dosages![0]!;
    dosage.route = { code: 'ROA-20053000', version: '2.2' };
    dosage.doseForm = { code: 'PDF-10219000', version: '2.2' };
    doc.E!.reactions![1]!.country = 'FR';
    const report = validate(
      {
        batch: { ...batchHeader, batchReceiver: 'EVHUMAN' },
        messages: [
          { header: { ...messageHeader, messageReceiver: 'EVHUMAN' }, document: doc },
          { header: { ...messageHeader, messageReceiver: 'EVHUMAN', messageId: 'M2' }, document: doc },
        ],
      },
      'eu',
      { now: NOW },
    );
    expect(report.cases.map((c) => [c.index, c.findings.map((f) => [f.rule, f.severity])])).toEqual([
      [0, [['EU-PATIENT-INITIALS', 'warning']]],
      [1, [['EU-PATIENT-INITIALS', 'warning']]],
    ]);
    expect(report.valid).toBe(true);
  });
});

describe('the schema check', () => {
  /** The case with the value at `path` replaced (left out when undefined). */
  const changed = (path: (string | number)[], value: unknown) => {
    const doc = copy() as unknown as Record<string | number, unknown>;
    let at = doc;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    if (value === undefined) delete at[path.at(-1)!];
    else at[path.at(-1)!] = value;
    return doc;
  };
  const format = (path: (string | number)[], value: unknown, language: 'en' | 'fr' = 'en') => {
    const doc = changed(path, value);
    return schemaFindings(doc, language).map((f) => [f.dataElement, f.casePath, f.message]);
  };

  it('finds nothing in a valid case', () => {
    expect(schemaFindings(copy())).toEqual([]);
  });

  it('says a value too long with its limit', () => {
    expect(format(['C', 'senderSafetyReportId'], 'x'.repeat(101))).toEqual([
      [
        'C.1.1',
        'C.senderSafetyReportId',
        'Sender’s (case) Safety Report Unique Identifier (C.1.1) is longer than the 100 characters E2B allows.',
      ],
    ]);
  });

  it('says an empty text is empty', () => {
    expect(format(['C', 'senderSafetyReportId'], '')).toEqual([
      [
        'C.1.1',
        'C.senderSafetyReportId',
        'Sender’s (case) Safety Report Unique Identifier (C.1.1) is empty: leave it out or give a value.',
      ],
    ]);
  });

  it('names a field it does not know, on the object that holds it (and the field as no allowed value)', () => {
    expect(format(['C', 'primarySources', 0, 'nickname'], 'A')).toEqual([
      [
        undefined,
        'C.primarySources[0].nickname',
        'C.primarySources[0].nickname "A" is not an allowed value.',
      ],
      [undefined, 'C.primarySources[0]', 'C.primarySources[0] has a field E2B does not know: nickname.'],
    ]);
  });

  it('says what the case lacks, as the case', () => {
    expect(format(['schemaVersion'], undefined)).toEqual([[undefined, '', 'The case lacks schemaVersion.']]);
    expect(format(['schemaVersion'], undefined, 'fr')).toEqual([
      [undefined, '', 'Le cas : il manque schemaVersion.'],
    ]);
  });

  it('shows a value of the wrong kind, an object as JSON', () => {
    expect(format(['C', 'additionalDocumentsAvailable'], 'yes')).toEqual([
      [
        'C.1.6.1',
        'C.additionalDocumentsAvailable',
        'Are Additional Documents Available? (C.1.6.1) "yes" is not an allowed value.',
      ],
    ]);
    expect(format(['C', 'additionalDocumentsAvailable'], { yes: 1 })).toEqual([
      [
        'C.1.6.1',
        'C.additionalDocumentsAvailable',
        'Are Additional Documents Available? (C.1.6.1) "{"yes":1}" is not an allowed value.',
      ],
    ]);
  });

  it('gives the XPath of the element when the field has one, and its data element in a repeat', () => {
    const doc = changed(['C', 'primarySources', 0, 'country'], 'France');
    const [finding] = schemaFindings(doc);
    expect(finding).toMatchObject({
      layer: 'ich',
      severity: 'error',
      rule: 'ICH-FORMAT',
      dataElement: 'C.2.r.3',
    });
    expect(finding!.xpath).toMatch(
      /^\/MCCI_IN200100UV01\/PORR_IN049016UV\[r\]\/.*\/location\[@classCode='COUNTRY'\].*\/@code$/,
    );
  });
});
