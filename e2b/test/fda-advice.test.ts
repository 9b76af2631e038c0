import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.ts';
import { batchHeader, handWrittenCase, messageHeader } from './fixtures.ts';

/** Issue 26: findings that say what to do. FDA takes messages from the senders it approved (item 9); premarket rules (item 1). */
const NOW = new Date('2024-06-01T00:00:00Z');
const ORGANISATION = 'd3e0c0de-0000-4000-8000-000000000001';

const findings = (sender: string, language: 'en' | 'fr' = 'en') =>
  validate(
    {
      batch: { ...batchHeader, batchSender: sender },
      messages: [{ header: { ...messageHeader, messageSender: sender }, document: handWrittenCase }],
    },
    'fda',
    { now: NOW, language },
  ).cases[0]!.findings;

describe('FDA sender identifier', () => {
  it("an organisation's UUID as N.1.3 is an error saying an approved sender id is needed", () => {
    expect(findings(ORGANISATION).map((f) => [f.rule, f.severity, f.dataElement, f.message])).toEqual([
      [
        'FDA-SENDER-ID',
        'error',
        'N.1.3',
        `Batch Sender Identifier (N.1.3) is "${ORGANISATION}", Vigilo's own identifier of your organisation, which FDA does not know: enter the sender identifier FDA approved for you as the batch sender of the FDA receiver (Receivers).`,
      ],
    ]);
    expect(findings(ORGANISATION, 'fr')[0]!.message).toBe(
      `Identifiant de l’émetteur du lot (N.1.3) vaut « ${ORGANISATION} », l’identifiant interne de votre organisation dans Vigilo, que la FDA ne connaît pas : saisissez l’identifiant d’expéditeur que la FDA vous a attribué comme expéditeur du lot du destinataire FDA (Destinataires).`,
    );
  });

  it("FDA's own example sender id passes, and ICH does not ask", () => {
    // FAERS2022Scenario5-1.xml's N.1.3.
    expect(findings('4567AB89012')).toEqual([]);
    expect(
      validate(
        {
          batch: { ...batchHeader, batchSender: ORGANISATION },
          messages: [
            { header: { ...messageHeader, messageSender: ORGANISATION }, document: handWrittenCase },
          ],
        },
        'ich',
        { now: NOW },
      ).cases[0]!.findings,
    ).toEqual([]);
  });
});

describe('premarket (IND) rules', () => {
  it('R0041: a premarket IND report of a death without the date of death asks for it', () => {
    // R0041: "D.9.1 must be provided when C.1.3 = 2 and N.2.r.3 = CDER_IND or CBER_IND and E.i.3.2a = true".
    const document = structuredClone(handWrittenCase);
    document.C.study = {
      ...document.C.study,
      fdaIndNumber: '123456',
      fdaCrossReportedInds: [{ nullFlavor: 'NA' }],
    };
    delete document.D!.death!.date;
    const found = validate(
      {
        batch: { ...batchHeader, batchReceiver: 'ZZFDA_PREMKT' },
        messages: [{ header: { ...messageHeader, messageReceiver: 'CDER_IND' }, document }],
      },
      'fda',
      { now: NOW },
    ).cases[0]!.findings.filter((f) => f.rule === 'R0041');
    expect(found.map((f) => [f.severity, f.dataElement, f.message])).toEqual([
      [
        'error',
        'D.9.1',
        'Date of Death (D.9.1) is missing: a premarket (IND) report of a reaction that resulted in death needs the date of death. Give it, or "unknown" if it is not known.',
      ],
    ]);
  });
});
