import { describe, expect, it } from 'vitest';
import { evaluate, type Finding, type ReferenceLists, type Rule, sentence } from '../src/validate/rules.ts';

/**
 * The rule evaluator on small hand-made cases (issue 27, decision 0325): each kind of test,
 * condition and quantifier, where a rule looks (each repeat item or the whole case), and the
 * finding it writes, expectations written by hand.
 */
const SENDER_ID = 'Sender’s (case) Safety Report Unique Identifier (C.1.1)';
const COUNTRY = 'Reporter’s Country Code (C.2.r.3)';
const PRIMARY = 'Primary Source for Regulatory Purposes (C.2.r.5)';
const ROLE = 'Characterisation of Drug Role (G.k.1)';

const run = (root: unknown, rule: Rule, lists: ReferenceLists = {}) =>
  evaluate(root, [rule], 'profile', 'en', lists);
const said = (findings: Finding[]) => findings.map((f) => [f.casePath, f.message]);
const sources = (...items: Record<string, unknown>[]) => ({ C: { primarySources: items } });

describe('a required element', () => {
  const rule: Rule = { rule: 'R1', target: 'C.1.1', test: 'present' };

  it('writes the whole finding: layer, severity, ids, XPath, case path, sentence, missing', () => {
    expect(run({ C: {} }, rule)).toEqual([
      {
        layer: 'profile',
        severity: 'error',
        rule: 'R1',
        dataElement: 'C.1.1',
        xpath:
          "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/id[@root='2.16.840.1.113883.3.989.2.1.3.1'][1]/@extension",
        casePath: 'C.senderSafetyReportId',
        message: `${SENDER_ID} is missing: it is required.`,
        missing: true,
      },
    ]);
    expect(evaluate({ C: {} }, [rule], 'ich')[0]!.layer).toBe('ich');
  });

  it('counts empty text and null as missing, any other value as given', () => {
    expect(run({ C: { senderSafetyReportId: '' } }, rule)).toHaveLength(1);
    expect(run({ C: { senderSafetyReportId: null } }, rule)).toHaveLength(1);
    expect(run({ C: { senderSafetyReportId: 'X' } }, rule)).toEqual([]);
    expect(run({ C: { senderSafetyReportId: { nullFlavor: 'UNK' } } }, rule)).toEqual([]);
  });

  it('keeps the severity the rule gives, and no XPath for an element the table gives none', () => {
    expect(run({ C: {} }, { ...rule, severity: 'warning' })[0]!.severity).toBe('warning');
    const noXpath = run({ G: { drugs: [{}] } }, { rule: 'R2', target: 'FDA.G.k.10a', test: 'present' });
    expect(noXpath.map((f) => [f.casePath, f.xpath])).toEqual([
      ['G.drugs[0].fdaAdditionalInformationCodes', undefined],
    ]);
  });

  it('is required in each repeat item that exists, and nowhere when there is none', () => {
    const country: Rule = { rule: 'R3', target: 'C.2.r.3', test: 'present' };
    expect(said(run(sources({ country: 'FR' }, {}, { country: '' }), country))).toEqual([
      ['C.primarySources[1].country', `${COUNTRY} is missing: it is required.`],
      ['C.primarySources[2].country', `${COUNTRY} is missing: it is required.`],
    ]);
    expect(run(sources(), country)).toEqual([]);
    expect(run({ C: {} }, country)).toEqual([]);
  });

  it('a repeat required outside any repeat is missing when it has no item', () => {
    const race: Rule = { rule: 'R4', target: 'FDA.D.11.r.1', test: 'present' };
    expect(said(run({ D: {} }, race))).toEqual([
      ['D.fdaRace[]', 'Patient Race Code (FDA.D.11.r.1) is missing: it is required.'],
    ]);
    expect(run({ D: { fdaRace: ['C41260'] } }, race)).toEqual([]);
  });

  it('under a condition in the parent repeat, is missing where the parent item has none, unless each is asked', () => {
    const substance: Rule = {
      rule: 'R5',
      target: 'G.k.2.3.r.1',
      test: 'present',
      when: [{ id: 'G.k.1', is: { in: ['1'] } }],
    };
    const root = { G: { drugs: [{ role: '2' }, { role: '1' }, { role: '1', substances: [{ name: 'x' }] }] } };
    expect(said(run(root, substance))).toEqual([
      [
        'G.drugs[].substances[].name',
        `Substance / Specified Substance Name (G.k.2.3.r.1) is missing: it is required when ${ROLE} is "1".`,
      ],
    ]);
    expect(run(root, { ...substance, quantifier: 'every' })).toEqual([]);
    const without = { G: { drugs: [{ role: '1', substances: [{}] }] } };
    expect(said(run(without, { ...substance, quantifier: 'every' }))).toEqual([
      [
        'G.drugs[0].substances[0].name',
        `Substance / Specified Substance Name (G.k.2.3.r.1) is missing: it is required when ${ROLE} is "1".`,
      ],
    ]);
  });
});

describe('conditions', () => {
  const when = (is: NonNullable<Rule['when']>[number]['is']): Rule => ({
    rule: 'R6',
    target: 'C.1.1',
    test: 'present',
    when: [{ id: 'C.2.r.5', is }],
  });
  const fires = (rule: Rule, ...items: Record<string, unknown>[]) =>
    run(sources(...items), rule).map((f) => f.message);

  it('"in" holds when any item has one of the values, never for a null flavour', () => {
    const rule = when({ in: ['1'] });
    expect(fires(rule, { primaryForRegulatoryPurposes: '2' }, { primaryForRegulatoryPurposes: '1' })).toEqual(
      [`${SENDER_ID} is missing: it is required when ${PRIMARY} is "1".`],
    );
    expect(fires(rule, { primaryForRegulatoryPurposes: '2' })).toEqual([]);
    expect(fires(rule)).toEqual([]);
    expect(fires(rule, { primaryForRegulatoryPurposes: { nullFlavor: '1' } })).toEqual([]);
  });

  it('"present" holds when any item gives it', () => {
    const rule = when('present');
    expect(fires(rule, {}, { primaryForRegulatoryPurposes: '1' })).toEqual([
      `${SENDER_ID} is missing: it is required when ${PRIMARY} is given.`,
    ]);
    expect(fires(rule, {}, { primaryForRegulatoryPurposes: '' })).toEqual([]);
  });

  it('"absent" holds when no item gives it, and when there is no item', () => {
    const rule = when('absent');
    expect(fires(rule, {}, { primaryForRegulatoryPurposes: '' })).toEqual([
      `${SENDER_ID} is missing: it is required when ${PRIMARY} is not given.`,
    ]);
    expect(fires(rule)).toHaveLength(1);
    expect(fires(rule, {}, { primaryForRegulatoryPurposes: '1' })).toEqual([]);
  });

  it('"notIn" holds when no item has one of the values, a null flavour being none of them', () => {
    const rule = when({ notIn: ['1', true] });
    expect(
      fires(
        rule,
        { primaryForRegulatoryPurposes: '2' },
        { primaryForRegulatoryPurposes: { nullFlavor: 'UNK' } },
      ),
    ).toEqual([`${SENDER_ID} is missing: it is required when no ${PRIMARY} is "1" or "true".`]);
    expect(fires(rule)).toHaveLength(1);
    expect(fires(rule, { primaryForRegulatoryPurposes: '2' }, { primaryForRegulatoryPurposes: '1' })).toEqual(
      [],
    );
  });

  it('"nullFlavor" holds when an item is left as one of those null flavours', () => {
    const rule = when({ nullFlavor: ['UNK', 'ASKU'] });
    expect(fires(rule, {}, { primaryForRegulatoryPurposes: { nullFlavor: 'ASKU' } })).toEqual([
      `${SENDER_ID} is missing: it is required when ${PRIMARY} is left as "UNK" or "ASKU".`,
    ]);
    expect(fires(rule, { primaryForRegulatoryPurposes: { nullFlavor: 'NI' } })).toEqual([]);
    expect(fires(rule, { primaryForRegulatoryPurposes: 'UNK' })).toEqual([]);
  });

  it('all conditions must hold', () => {
    const rule: Rule = {
      rule: 'R7',
      target: 'C.1.1',
      test: 'present',
      when: [
        { id: 'C.1.6.1', is: { in: [true] } },
        { id: 'N.1.4', is: { in: ['ZZFDA'] } },
      ],
    };
    const root = (documents: boolean, receiver: string) => ({
      C: { additionalDocumentsAvailable: documents },
      N: { batchReceiver: receiver },
    });
    expect(said(run(root(true, 'ZZFDA'), rule))).toEqual([
      [
        'C.senderSafetyReportId',
        `${SENDER_ID} is missing: it is required when Are Additional Documents Available? (C.1.6.1) is "true" and Batch Receiver Identifier (N.1.4) is "ZZFDA".`,
      ],
    ]);
    expect(run(root(false, 'ZZFDA'), rule)).toEqual([]);
    expect(run(root(true, 'EMA'), rule)).toEqual([]);
  });

  it('a condition in the same repeat holds item by item', () => {
    const rule: Rule = {
      rule: 'R8',
      target: 'C.2.r.3',
      test: 'present',
      when: [{ id: 'C.2.r.5', is: { in: ['1'] } }],
    };
    expect(
      said(
        run(
          sources(
            { primaryForRegulatoryPurposes: '2' },
            { primaryForRegulatoryPurposes: '1' },
            { country: 'FR' },
          ),
          rule,
        ),
      ),
    ).toEqual([
      ['C.primarySources[1].country', `${COUNTRY} is missing: it is required when ${PRIMARY} is "1".`],
    ]);
  });
});

describe('quantifiers', () => {
  it('without "every", a condition outside the repeat asks for one item across the case; with it, each item', () => {
    const rule: Rule = {
      rule: 'R9',
      target: 'C.2.r.3',
      test: 'present',
      when: [{ id: 'N.1.4', is: { in: ['ZZFDA'] } }],
    };
    const root = (receiver: string, ...items: Record<string, unknown>[]) => ({
      ...sources(...items),
      N: { batchReceiver: receiver },
    });
    const message = `${COUNTRY} is missing: it is required when Batch Receiver Identifier (N.1.4) is "ZZFDA".`;
    expect(run(root('ZZFDA', { country: 'FR' }, {}), rule)).toEqual([]);
    expect(said(run(root('ZZFDA', {}, {}), rule))).toEqual([['C.primarySources[0].country', message]]);
    const each: Rule = { ...rule, quantifier: 'every' };
    expect(said(run(root('ZZFDA', { country: 'FR' }, {}), each))).toEqual([
      ['C.primarySources[1].country', message],
    ]);
    expect(run(root('EMA', { country: 'FR' }, {}), each)).toEqual([]);
    expect(run(root('ZZFDA', { country: 'FR' }), each)).toEqual([]);
  });

  it('"some": one item passing is enough; otherwise the first item, or the repeat when there is none', () => {
    const rule: Rule = { rule: 'R10', target: 'C.2.r.5', test: { in: ['1'] }, quantifier: 'some' };
    const message = `At least one ${PRIMARY} must be "1".`;
    expect(
      run(sources({ primaryForRegulatoryPurposes: '2' }, { primaryForRegulatoryPurposes: '1' }), rule),
    ).toEqual([]);
    expect(
      said(run(sources({ primaryForRegulatoryPurposes: '2' }, { primaryForRegulatoryPurposes: '3' }), rule)),
    ).toEqual([['C.primarySources[0].primaryForRegulatoryPurposes', message]]);
    expect(said(run({ C: {} }, rule))).toEqual([
      ['C.primarySources[].primaryForRegulatoryPurposes', message],
    ]);
  });

  it('"first": only the first item of the case counts', () => {
    const rule: Rule = { rule: 'R11', target: 'G.k.1', test: { in: ['1'] }, quantifier: 'first' };
    expect(said(run({ G: { drugs: [{ role: '2' }, { role: '1' }] } }, rule))).toEqual([
      ['G.drugs[0].role', `${ROLE} of the first entry is "2", but it must be "1".`],
    ]);
    expect(run({ G: { drugs: [{ role: '1' }, { role: '2' }] } }, rule)).toEqual([]);
    expect(run({ G: { drugs: [] } }, rule)).toEqual([]);
  });

  it('a list of values: each item failing is a finding, a missing value or a null flavour passes', () => {
    const rule: Rule = { rule: 'R12', target: 'G.k.1', test: { in: ['1', '3'] } };
    const root = {
      G: { drugs: [{ role: '2' }, { role: '1' }, {}, { role: { nullFlavor: 'UNK' } }, { role: '4' }] },
    };
    expect(said(run(root, rule))).toEqual([
      ['G.drugs[0].role', `${ROLE} is "2", but it must be "1" or "3".`],
      ['G.drugs[4].role', `${ROLE} is "4", but it must be "1" or "3".`],
    ]);
  });
});

describe('value tests', () => {
  const codes = (...lists: unknown[]) => ({
    G: { drugs: lists.map((c) => ({ fdaAdditionalInformationCodes: c })) },
  });

  it('a list of codes passes when each code does, and an empty list does not', () => {
    const rule: Rule = { rule: 'R13', target: 'FDA.G.k.10a', test: { in: ['1', '2'] } };
    const label = 'FDA Additional Information on Drug (coded) (FDA.G.k.10a)';
    expect(said(run(codes(['1', '2'], ['1', '9'], []), rule))).toEqual([
      ['G.drugs[1].fdaAdditionalInformationCodes', `${label} is "1,9", but it must be "1" or "2".`],
      ['G.drugs[2].fdaAdditionalInformationCodes', `${label} is "", but it must be "1" or "2".`],
    ]);
  });

  it('a list of codes, even empty, is given; a list of empty codes is not absent', () => {
    expect(run(codes([]), { rule: 'R14', target: 'FDA.G.k.10a', test: 'present' })).toEqual([]);
    const absent: Rule = { rule: 'R15', target: 'FDA.G.k.10a', test: 'absent' };
    expect(run(codes(['']), absent).map((f) => f.casePath)).toEqual([
      'G.drugs[0].fdaAdditionalInformationCodes',
    ]);
    expect(run(codes(undefined), absent)).toEqual([]);
  });

  it('"absent": given is a finding, and not marked missing', () => {
    const rule: Rule = { rule: 'R16', target: 'C.1.1', test: 'absent' };
    expect(run({ C: { senderSafetyReportId: 'X' } }, rule)).toEqual([
      expect.objectContaining({
        casePath: 'C.senderSafetyReportId',
        message: `${SENDER_ID} must not be given.`,
      }),
    ]);
    expect(run({ C: { senderSafetyReportId: 'X' } }, rule)[0]).not.toHaveProperty('missing');
    expect(run({ C: {} }, rule)).toEqual([]);
  });

  it('"notNull": only the null flavours named are refused', () => {
    const rule: Rule = { rule: 'R17', target: 'C.2.r.3', test: { notNull: ['MSK'] } };
    const root = sources(
      { country: { nullFlavor: 'MSK' } },
      { country: { nullFlavor: 'UNK' } },
      { country: 'FR' },
      {},
    );
    expect(said(run(root, rule))).toEqual([
      ['C.primarySources[0].country', `${COUNTRY} may not be left as "MSK": give a value.`],
    ]);
  });

  it('"nullFlavor": a value, another null flavour or nothing at all is a finding', () => {
    const rule: Rule = { rule: 'R18', target: 'D.1', test: { nullFlavor: ['MSK'] } };
    const message = 'Patient (name or initials) (D.1) must be given as the null flavour "MSK".';
    expect(said(run({ D: { name: 'JD' } }, rule))).toEqual([['D.name', message]]);
    expect(said(run({ D: { name: { nullFlavor: 'UNK' } } }, rule))).toEqual([['D.name', message]]);
    expect(run({ D: { name: { nullFlavor: 'MSK' } } }, rule)).toEqual([]);
    const race: Rule = { rule: 'R19', target: 'FDA.D.11.r.1', test: { nullFlavor: ['NA'] } };
    expect(said(run({ D: {} }, race))).toEqual([
      ['D.fdaRace[]', 'Patient Race Code (FDA.D.11.r.1) must be given as the null flavour "NA".'],
    ]);
    expect(run({ D: { fdaRace: [{ nullFlavor: 'NA' }] } }, race)).toEqual([]);
  });

  it('"without": none of the words, in any case', () => {
    const lower: Rule = { rule: 'R20', target: 'C.1.1', test: { without: ['ind'] } };
    const upper: Rule = { rule: 'R20', target: 'C.1.1', test: { without: ['IND'] } };
    const id = (v: string) => ({ C: { senderSafetyReportId: v } });
    expect(said(run(id('US-IND-1'), lower))).toEqual([
      ['C.senderSafetyReportId', `${SENDER_ID} "US-IND-1" must not contain "ind".`],
    ]);
    expect(run(id('us-ind-1'), upper)).toHaveLength(1);
    expect(run(id('US-1'), upper)).toEqual([]);
  });

  it('"sameAs": the other element\'s value, or a finding naming both', () => {
    const rule: Rule = { rule: 'R21', target: 'N.2.r.3', test: { sameAs: 'N.1.4' } };
    const n = (batchReceiver?: string, messageReceiver?: string) => ({
      N: { batchReceiver, messageReceiver },
    });
    expect(said(run(n('EVHUMAN', 'EVTEST'), rule))).toEqual([
      [
        'N.messageReceiver',
        'Message Receiver Identifier (N.2.r.3) is "EVTEST", but it must be the same as Batch Receiver Identifier (N.1.4) ("EVHUMAN").',
      ],
    ]);
    expect(run(n('EVHUMAN', 'EVHUMAN'), rule)).toEqual([]);
    expect(run(n('EVHUMAN', undefined), rule)).toEqual([]);
    expect(said(run(n(undefined, 'X'), rule))).toEqual([
      [
        'N.messageReceiver',
        'Message Receiver Identifier (N.2.r.3) is "X", but it must be the same as Batch Receiver Identifier (N.1.4) ("").',
      ],
    ]);
  });

  it('"precision": digits of the date, its fraction and zone aside', () => {
    const rule: Rule = { rule: 'R22', target: 'C.1.2', test: { precision: 14 } };
    const at = (creationDate: unknown) => run({ C: { creationDate } }, rule).map((f) => f.message);
    expect(at('2024-03-07T14:05:09+01:00')).toEqual([]);
    expect(at('2024-03-07T14:05:09-05:00')).toEqual([]);
    expect(at('2024-03-07T14:05:09.25Z')).toEqual([]);
    expect(at('2024-03-07T14:05:09')).toEqual([]);
    expect(at('2024-03-07T14:05+01:00')).toEqual([
      'Date of Creation (C.1.2) "2024-03-07T14:05+01:00" is not precise enough: give at least the time to the second (CCYYMMDDhhmmss).',
    ]);
    expect(at('2024-03-07T14:05Z')).toHaveLength(1);
    expect(at('2024-03-07T14:05.123')).toHaveLength(1);
    expect(at('2024-03-07T14:05:0')).toHaveLength(1);
    expect(at(20240307140509)).toEqual([]);
  });

  it('"notMatching" and "matching" read the pattern as Unicode', () => {
    const initials: Rule = { rule: 'R23', target: 'D.1', test: { notMatching: '\\p{Ll}{2,}' } };
    expect(said(run({ D: { name: 'Jéan' } }, initials))).toEqual([
      ['D.name', 'Patient (name or initials) (D.1) "Jéan" is not in the expected format.'],
    ]);
    expect(run({ D: { name: 'JD' } }, initials)).toEqual([]);
    const year: Rule = { rule: 'R24', target: 'C.1.1', test: { matching: '^\\p{Nd}{4}$' } };
    expect(run({ C: { senderSafetyReportId: '2024' } }, year)).toEqual([]);
    expect(said(run({ C: { senderSafetyReportId: '20245' } }, year))).toEqual([
      ['C.senderSafetyReportId', `${SENDER_ID} "20245" is not in the expected format.`],
    ]);
  });

  it('"inList": the list given, or without one the form of its codes', () => {
    const rule: Rule = { rule: 'R25', target: 'G.k.4.r.10.2b', test: { inList: 'edqmRoute' } };
    const route = (code: string) => ({ G: { drugs: [{ dosages: [{ route: { code } }] }] } });
    expect(run(route('ROA-1'), rule)).toEqual([]);
    expect(said(run(route('001'), rule))).toEqual([
      [
        'G.drugs[0].dosages[0].route.code',
        'Route of Administration TermID (G.k.4.r.10.2b) "001" is not an EDQM route of administration term: choose the route from the EDQM list (e.g. "ROA-20053000" Oral use).',
      ],
    ]);
    const known = { edqmRoute: new Set(['ROA-2']) };
    expect(run(route('ROA-1'), rule, known)).toHaveLength(1);
    expect(run(route('ROA-2'), rule, known)).toEqual([]);
    expect(run(route('ROA-2'), rule, { edqmDoseForm: new Set(['X']) })).toEqual([]);
  });

  it('a rule with its own advice says it, with the value found', () => {
    const rule: Rule = {
      rule: 'R26',
      target: 'D.1',
      test: { notMatching: '\\p{Ll}{2,}' },
      advice: 'euInitials',
    };
    expect(run({ D: { name: 'Jean' } }, rule)[0]!.message).toBe(
      'Patient (name or initials) (D.1) "Jean" looks like a name: under the GDPR, EudraVigilance takes the patient\'s initials, or "masked" (MSK). Enter the initials only.',
    );
  });
});

describe('edges of the evaluator', () => {
  it('refuses a rule on an element no case-document field carries', () => {
    expect(() => run({}, { rule: 'R27', target: 'Z.9', test: 'present' })).toThrow(
      'no case-document field carries Z.9',
    );
  });

  it('says a sentence in English by default', () => {
    expect(sentence({ rule: 'R28', target: 'C.1.1', test: 'present' }, undefined)).toBe(
      `${SENDER_ID} is missing: it is required.`,
    );
  });

  it('"every" without conditions checks each item', () => {
    const rule: Rule = { rule: 'R29', target: 'C.2.r.3', test: 'present', quantifier: 'every' };
    expect(said(run(sources({ country: 'FR' }, {}), rule))).toEqual([
      ['C.primarySources[1].country', `${COUNTRY} is missing: it is required.`],
    ]);
  });

  it('a value test on a repeat with no item finds nothing; a null flavour asked of one finds it missing', () => {
    expect(run({ D: {} }, { rule: 'R30', target: 'FDA.D.11.r.1', test: { in: ['C41260'] } })).toEqual([]);
    const rule: Rule = {
      rule: 'R31',
      target: 'G.k.2.3.r.1',
      test: { nullFlavor: ['UNK'] },
      quantifier: 'every',
      when: [{ id: 'G.k.1', is: { in: ['1'] } }],
    };
    expect(said(run({ G: { drugs: [{ role: '1' }] } }, rule))).toEqual([
      [
        'G.drugs[].substances[].name',
        `Substance / Specified Substance Name (G.k.2.3.r.1) must be given as the null flavour "UNK" when ${ROLE} is "1".`,
      ],
    ]);
  });

  it('"sameAs" an element of a repeat with no item compares with nothing', () => {
    const rule: Rule = { rule: 'R32', target: 'C.1.1', test: { sameAs: 'C.2.r.3' } };
    expect(said(run({ C: { senderSafetyReportId: 'FR' } }, rule))).toEqual([
      ['C.senderSafetyReportId', `${SENDER_ID} is "FR", but it must be the same as ${COUNTRY} ("").`],
    ]);
  });

  it('an element the data-element table does not list has no XPath and is named by its id', () => {
    expect(run({ C: { primarySources: [{}] } }, { rule: 'R33', target: 'C.2.r', test: 'absent' })).toEqual([
      {
        layer: 'profile',
        severity: 'error',
        rule: 'R33',
        dataElement: 'C.2.r',
        xpath: undefined,
        casePath: 'C.primarySources',
        message: 'C.2.r must not be given.',
      },
    ]);
  });
});
