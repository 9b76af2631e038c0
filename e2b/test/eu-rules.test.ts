import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { type BatchHeader, type MessageHeader, type ValidateOptions, validate } from '../src/index.ts';
import { batchHeader, handWrittenCase, messageHeader } from './fixtures.ts';

/**
 * The EU profile (issue 26, item 7; decision 0232): rules of the EU ICSR Implementation Guide
 * (EMA/51938/2013 Rev 2). Codes are EDQM's TermIDs as the ICH table writes them
 * ("ROA-20053000" Oral use, "PDF-10219000" Tablet); receivers EVHUMAN and EVCTMPROD.
 */
const NOW = new Date('2024-06-01T00:00:00Z');
const REFERENCE = { edqmRoutes: ['ROA-20053000'], edqmDoseForms: ['PDF-10219000'], meddraCurrent: '26.1' };
const EV: Partial<BatchHeader> = { batchReceiver: 'EVHUMAN' };
const EV_MESSAGE: Partial<MessageHeader> = { messageReceiver: 'EVHUMAN' };

function euCase(change: (d: CaseDocument) => void = () => {}) {
  const d = structuredClone(handWrittenCase);
  const dosage = d.G!.drugs![0]!.dosages![0]!;
  dosage.route = { code: 'ROA-20053000', version: '2.2' };
  dosage.doseForm = { code: 'PDF-10219000', version: '2.2' };
  // The second reaction names no country; EudraVigilance asks where each occurred.
  d.E!.reactions![1]!.country = 'FR';
  change(d);
  return d;
}
const eu = (
  document: CaseDocument,
  {
    batch = EV,
    header = EV_MESSAGE,
    ...options
  }: ValidateOptions & { batch?: Partial<BatchHeader>; header?: Partial<MessageHeader> } = {},
) =>
  validate(
    {
      batch: { ...batchHeader, ...batch },
      messages: [{ header: { ...messageHeader, ...header }, document }],
    },
    'eu',
    { now: NOW, reference: REFERENCE, ...options },
  )
    .cases[0]!.findings.filter((f) => f.layer === 'profile')
    .map((f) => [f.rule, f.severity, f.casePath, f.message]);

describe('EU profile', () => {
  it('a case with EDQM terms, EudraVigilance as receiver and a current MedDRA release passes', () => {
    expect(eu(euCase())).toEqual([]);
  });

  it('a route that is no EDQM term ("001", an E2B(R2) code) is refused, saying what to choose', () => {
    const found = eu(
      euCase((d) => {
        d.G!.drugs![0]!.dosages![0]!.route = { code: '001', version: '2.2' };
      }),
    );
    expect(found).toEqual([
      [
        'EU-EDQM-ROUTE',
        'error',
        'G.drugs[0].dosages[0].route.code',
        'Route of Administration TermID (G.k.4.r.10.2b) "001" is not an EDQM route of administration term: choose the route from the EDQM list (e.g. "ROA-20053000" Oral use).',
      ],
    ]);
  });

  it('a well-formed code Vigilo holds no EDQM term for is refused; without the list, only its form is checked', () => {
    const unknown = euCase((d) => {
      d.G!.drugs![0]!.dosages![0]!.doseForm = { code: 'PDF-99999999', version: '2.2' };
    });
    expect(eu(unknown).map(([rule, , path]) => [rule, path])).toEqual([
      ['EU-EDQM-DOSE-FORM', 'G.drugs[0].dosages[0].doseForm.code'],
    ]);
    expect(eu(unknown, { reference: {} })).toEqual([]);
  });

  it('MedDRA: the current release and the one before pass, an older one does not', () => {
    // The case is coded in 26.1: current 27.0 (its previous is 26.1) passes, 27.1 does not.
    expect(eu(euCase(), { reference: { ...REFERENCE, meddraCurrent: '27.0' } })).toEqual([]);
    const old = eu(euCase(), { reference: { ...REFERENCE, meddraCurrent: '27.1' } });
    expect(old.length).toBeGreaterThan(3);
    expect(old.every(([rule]) => rule === 'EU-MEDDRA-VERSION')).toBe(true);
    expect(old.find(([, , path]) => path === 'E.reactions[0].term.version')?.[3]).toBe(
      'MedDRA Version for Reaction / Event (E.i.2.1a) "26.1" is not a MedDRA release EudraVigilance takes (the current one or the one before it): code the term again in the current release.',
    );
  });

  it('EudraVigilance identifiers: the receiver EVHUMAN, a registered sender, never a UUID', () => {
    expect(eu(euCase(), { batch: { batchReceiver: 'ZZFDA' }, header: { messageReceiver: 'ZZFDA' } })).toEqual(
      [
        [
          'EU-RECEIVER',
          'error',
          'N.batchReceiver',
          'Batch Receiver Identifier (N.1.4) is "ZZFDA", but it must be "EVHUMAN" or "EVCTMPROD" or "EVTEST".',
        ],
      ],
    );
    const uuid = 'd3e0c0de-0000-4000-8000-000000000001';
    expect(
      eu(euCase(), {
        batch: { ...EV, batchSender: uuid },
        header: { ...EV_MESSAGE, messageSender: uuid },
      }).map(([rule, , path]) => [rule, path]),
    ).toEqual([['EU-SENDER-ID', 'N.batchSender']]);
  });

  it('an EU trial registration is an EudraCT or EU CT number; a SUSAR to EVCTMPROD names one', () => {
    const registered = (number: string) =>
      euCase((d) => {
        d.C.study!.registrations = [{ number, country: 'EU' }];
      });
    expect(eu(registered('2023-000001-11'))).toEqual([]);
    expect(eu(registered('2023-500001-12-00'))).toEqual([]);
    expect(eu(registered('SP-42')).map(([rule, , path]) => [rule, path])).toEqual([
      ['EU-CT-NUMBER', 'C.study.registrations[0].number'],
    ]);
    // The hand-written case names its trial with the country FR only.
    expect(
      eu(euCase(), { batch: { batchReceiver: 'EVCTMPROD' }, header: { messageReceiver: 'EVCTMPROD' } }).map(
        ([rule, , path]) => [rule, path],
      ),
    ).toEqual([['EU-CT-NUMBER', 'C.study.registrations[0].country']]);
  });

  it('GDPR: a patient named in full is a warning, initials or MSK pass; a masked reporter country is an error', () => {
    expect(
      eu(
        euCase((d) => {
          d.D!.name = 'John Smith';
        }),
      ),
    ).toEqual([
      [
        'EU-PATIENT-INITIALS',
        'warning',
        'D.name',
        'Patient (name or initials) (D.1) "John Smith" looks like a name: under the GDPR, EudraVigilance takes the patient\'s initials, or "masked" (MSK). Enter the initials only.',
      ],
    ]);
    expect(
      eu(
        euCase((d) => {
          d.D!.name = { nullFlavor: 'MSK' };
        }),
      ),
    ).toEqual([]);
    expect(
      eu(
        euCase((d) => {
          d.C.primarySources![0]!.country = { nullFlavor: 'MSK' };
        }),
      ).map(([rule, , path]) => [rule, path]),
    ).toEqual([['EU-MASKING', 'C.primarySources[0].country']]);
  });

  it('the reaction country is a country, not "EU", said in French too', () => {
    const found = validate(
      {
        batch: { ...batchHeader, ...EV },
        messages: [
          {
            header: { ...messageHeader, ...EV_MESSAGE },
            document: euCase((d) => {
              d.E!.reactions![0]!.country = 'EU';
            }),
          },
        ],
      },
      'eu',
      { now: NOW, reference: REFERENCE, language: 'fr' },
    ).cases[0]!.findings.filter((f) => f.rule === 'EU-REACTION-COUNTRY');
    expect(found.map((f) => [f.casePath, f.message])).toEqual([
      [
        'E.reactions[0].country',
        'Pays où la réaction / l’événement est survenu (E.i.9) vaut « EU », l’Union européenne dans son ensemble : indiquez le pays où la réaction est survenue (par exemple « FR »).',
      ],
    ]);
  });
});
