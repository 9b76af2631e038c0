import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import {
  exportBatch,
  type MessageFacts,
  messageCase,
  safetyReportId,
  validate,
  validateXsd,
} from '../src/index.ts';
import { batchHeader, messageHeader } from './fixtures.ts';

/**
 * The message case (decision 0240): what Vigilo writes in section C itself, from the case's
 * history and the organisation, and the explicit seriousness. Every expected value below is
 * written by hand from the E2B(R3) implementation guide (C.1.1 pattern, C.1.8.1 = C.1.1 for a
 * first sender, C.1.9.1 true or NI, E.i.3.2 true or false).
 */

const REACTION = '11111111-2222-4333-8444-555555555555';

/** A report as the professionals' form sends it: no administrative element at all. */
const formCase = (): CaseDocument => ({
  schemaVersion: 1,
  C: {
    primarySources: [{ givenName: 'Amelia', familyName: 'Hart', qualification: '1', country: 'GB' }],
  },
  D: { name: 'J.M.', sex: '2', medicalHistoryText: 'Mild hypertension.' },
  E: {
    reactions: [
      {
        id: REACTION,
        nativeTerm: 'Swollen lips and tongue',
        term: { version: '27.0', code: '10002424' },
        serious: true,
        hospitalisation: true,
        startDate: '2026-11-02',
        outcome: '1',
      },
    ],
  },
  G: {
    drugs: [{ id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', role: '1', name: 'Lisinopril 10 mg tablets' }],
  },
  H: { narrative: 'Angioedema on lisinopril.' },
});

const facts = (over: Partial<MessageFacts> = {}): MessageFacts => ({
  safetyReportId: 'GB-NPC-K7HD-3MXT-R',
  messageTime: '2026-12-02T10:15:00+00:00',
  receivedOn: '2026-11-03',
  imported: false,
  reportType: '1',
  otherIdentifiers: [],
  attachments: [],
  firstSender: '1',
  sender: { type: '2', organisation: 'National Pharmacovigilance Centre', country: 'GB' },
  sourceLanguage: 'eng',
  ...over,
});

const xmlOf = (document: CaseDocument) => exportBatch(batchHeader, [{ header: messageHeader, document }]);
const errorsOf = (xml: string, profile: 'ich' | 'fda' = 'ich') => {
  const report = validate(xml, profile);
  return [...report.findings, ...report.cases.flatMap((c) => c.findings)]
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.dataElement ?? f.rule}: ${f.message}`);
};

describe('the message case', () => {
  it('fills section C of a form report from the facts, and the message has no ICH error', () => {
    const c = messageCase(formCase(), facts()).C;
    expect(c).toEqual({
      primarySources: [{ givenName: 'Amelia', familyName: 'Hart', qualification: '1', country: 'GB' }],
      senderSafetyReportId: 'GB-NPC-K7HD-3MXT-R',
      creationDate: '2026-12-02T10:15:00+00:00',
      reportType: '1',
      firstReceivedDate: '2026-11-03',
      mostRecentInformationDate: '2026-11-03',
      additionalDocumentsAvailable: false,
      fulfilsLocalExpeditedCriteria: true,
      worldwideUniqueId: 'GB-NPC-K7HD-3MXT-R',
      firstSender: '1',
      otherCaseIdentifiersInPreviousTransmissions: { nullFlavor: 'NI' },
      sender: { type: '2', organisation: 'National Pharmacovigilance Centre', country: 'GB' },
    });
    const xml = xmlOf(messageCase(formCase(), facts()));
    expect(validateXsd(xml)).toEqual([]);
    expect(errorsOf(xml)).toEqual([]);
    expect(errorsOf(xml, 'fda')).toEqual([]);
  });

  it('writes the raw form report schema-valid too: the missing C.1.1 is named, not misplaced', () => {
    const xml = xmlOf(formCase());
    expect(validateXsd(xml)).toEqual([]);
    expect(errorsOf(xml)).toContain(
      'C.1.1: Sender’s (case) Safety Report Unique Identifier (C.1.1) is missing: it is required.',
    );
  });

  it('makes C.1.1 in the ICH pattern: country, sender identifier, local number', () => {
    expect(safetyReportId('gb', 'N.P.C.', 'K7HD-3MXT-R')).toBe('GB-NPC-K7HD-3MXT-R');
    expect(safetyReportId('FR', 'ansm', '0001')).toBe('FR-ANSM-0001');
    expect(safetyReportId('US', '', '12')).toBe('US-SENDER-12');
  });

  it('never takes the administrative elements from the reporter', () => {
    const sent = formCase();
    sent.C = {
      ...sent.C,
      senderSafetyReportId: 'MY-OWN-ID',
      worldwideUniqueId: 'MY-OWN-ID',
      firstSender: '1',
      creationDate: '2020-01-01',
      firstReceivedDate: '2020-01-01',
      sender: { type: '3', organisation: 'Reporter Ltd' },
    };
    const c = messageCase(sent, facts({ firstSender: '2' })).C;
    expect(c.senderSafetyReportId).toBe('GB-NPC-K7HD-3MXT-R');
    expect(c.worldwideUniqueId).toBe('GB-NPC-K7HD-3MXT-R');
    expect(c.firstSender).toBe('2');
    expect(c.creationDate).toBe('2026-12-02T10:15:00+00:00');
    expect(c.firstReceivedDate).toBe('2026-11-03');
    expect(c.sender).toEqual({ type: '2', organisation: 'National Pharmacovigilance Centre', country: 'GB' });
  });

  it('keeps what staff set on C.1.3 and C.1.7', () => {
    const edited = formCase();
    edited.C = { ...edited.C, reportType: '3', fulfilsLocalExpeditedCriteria: false };
    const c = messageCase(edited, facts()).C;
    expect(c.reportType).toBe('3');
    expect(c.fulfilsLocalExpeditedCriteria).toBe(false);
  });

  it("keeps an imported case's history and lists the previous sender's id", () => {
    const imported = formCase();
    imported.C = {
      ...imported.C,
      senderSafetyReportId: 'US-ACME-2026-77',
      worldwideUniqueId: 'US-ACME-2026-77',
      firstSender: '2',
      firstReceivedDate: '2026-10-30',
      sender: { type: '1', organisation: 'Acme Pharma' },
      otherCaseIdentifiers: [{ source: 'FDA', caseId: 'FDA-1' }],
    };
    const c = messageCase(imported, facts({ imported: true })).C;
    expect(c.senderSafetyReportId).toBe('GB-NPC-K7HD-3MXT-R');
    expect(c.worldwideUniqueId).toBe('US-ACME-2026-77');
    expect(c.firstSender).toBe('2');
    expect(c.firstReceivedDate).toBe('2026-10-30');
    expect(c.otherCaseIdentifiersInPreviousTransmissions).toBe(true);
    expect(c.otherCaseIdentifiers).toEqual([
      { source: 'FDA', caseId: 'FDA-1' },
      { source: 'Acme Pharma', caseId: 'US-ACME-2026-77' },
    ]);
  });

  it("lists the sender's own id (extReportId) as another identifier", () => {
    const c = messageCase(
      formCase(),
      facts({ otherIdentifiers: [{ source: 'Hospital EHR', caseId: 'EHR-9' }] }),
    ).C;
    expect(c.otherCaseIdentifiersInPreviousTransmissions).toBe(true);
    expect(c.otherCaseIdentifiers).toEqual([{ source: 'Hospital EHR', caseId: 'EHR-9' }]);
  });

  it('takes C.1.5 from newer information, never before day zero nor after the message', () => {
    const later = formCase();
    later.C = { ...later.C, mostRecentInformationDate: '2026-11-20' };
    expect(messageCase(later, facts()).C.mostRecentInformationDate).toBe('2026-11-20');
    later.C.mostRecentInformationDate = '2027-01-01';
    expect(messageCase(later, facts()).C.mostRecentInformationDate).toBe('2026-11-03');
    later.C.mostRecentInformationDate = '2026-10-01';
    expect(messageCase(later, facts()).C.mostRecentInformationDate).toBe('2026-11-03');
  });

  it('lists the attachments as documents held by the sender (C.1.6.1.r), once each', () => {
    const held = formCase();
    held.C = { ...held.C, documentsHeldBySender: [{ title: 'discharge.pdf' }] };
    const c = messageCase(held, facts({ attachments: ['discharge.pdf', 'photo.jpg'] })).C;
    expect(c.additionalDocumentsAvailable).toBe(true);
    expect(c.documentsHeldBySender).toEqual([{ title: 'discharge.pdf' }, { title: 'photo.jpg' }]);
    expect(validateXsd(xmlOf(messageCase(held, facts({ attachments: ['photo.jpg'] }))))).toEqual([]);
  });

  it("decides C.1.7 from seriousness and the receiver's deadlines (15 days or less is expedited)", () => {
    const fifteen = { serious: 15, nonSerious: 90 };
    expect(messageCase(formCase(), facts({ deadlines: fifteen })).C.fulfilsLocalExpeditedCriteria).toBe(true);
    const thirty = { serious: 30, nonSerious: 90 };
    expect(messageCase(formCase(), facts({ deadlines: thirty })).C.fulfilsLocalExpeditedCriteria).toBe(false);
    const mild = formCase();
    mild.E!.reactions![0] = { id: REACTION, nativeTerm: 'Rash', serious: false };
    expect(messageCase(mild, facts({ deadlines: fifteen })).C.fulfilsLocalExpeditedCriteria).toBe(false);
    mild.E!.reactions![0] = { id: REACTION, nativeTerm: 'Rash' };
    expect(messageCase(mild, facts()).C.fulfilsLocalExpeditedCriteria).toEqual({ nullFlavor: 'NI' });
  });

  it('writes C.1.11 for a nullified case, with the reason given', () => {
    const c = messageCase(formCase(), facts({ nullified: { reason: 'Entered twice' } })).C;
    expect(c.nullificationOrAmendment).toBe('1');
    expect(c.nullificationOrAmendmentReason).toBe('Entered twice');
  });

  it('says the language of the words the reporter used (E.i.1.1b), unless the document does', () => {
    expect(
      messageCase(formCase(), facts({ sourceLanguage: 'fra' })).E?.reactions?.[0]?.nativeTermLanguage,
    ).toBe('fra');
    const said = formCase();
    said.E!.reactions![0]!.nativeTermLanguage = 'deu';
    expect(messageCase(said, facts()).E?.reactions?.[0]?.nativeTermLanguage).toBe('deu');
  });

  it('leaves the document it is given unchanged', () => {
    const given = formCase();
    const copy = structuredClone(given);
    messageCase(given, facts({ attachments: ['a.pdf'] }));
    expect(given).toEqual(copy);
  });
});
