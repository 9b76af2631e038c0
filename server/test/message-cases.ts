import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormView } from '@vigilo/contract';
import { repoRoot } from '../src/config.ts';
import { http } from './http.ts';

/**
 * What the message tests share (decision 0240): complete reports as each standard form
 * collects them (every question answered as a reporter would, nothing an E2B rule adds), the
 * published version of a standard form, and Debian's `xmllint` on the ICH schema.
 */

const REACTION = '5d2c7a51-2f0e-4c59-9d8e-0c3b7e6b9a01';
const DRUG = '8a1f3b2c-6d4e-4f70-8a9b-1c2d3e4f5a6b';
const CONCOMITANT = '8a1f3b2c-6d4e-4f70-8a9b-1c2d3e4f5a6c';

const reporter = (professional: boolean) => ({
  givenName: 'Amelia',
  familyName: 'Hart',
  email: 'amelia.hart@example.test',
  telephone: '+44 20 7946 0958',
  qualification: professional ? '1' : '5',
  ...(professional ? { organisation: 'Leeds General Infirmary' } : {}),
  country: 'GB',
});

const patient = {
  name: 'J.M.',
  sex: '2',
  ageAtOnset: { value: '67', unit: 'a' },
  weightKg: '71.5',
  heightCm: '163',
  medicalHistoryText: 'Type 2 diabetes since 2015, controlled with diet. Mild hypertension.',
};

const reaction = {
  id: REACTION,
  nativeTerm: 'Swollen lips and tongue, difficulty swallowing',
  startDate: '2026-11-02',
  outcome: '1',
  endDate: '2026-11-04',
  term: { version: '27.0', code: '10002424' },
  serious: true,
  hospitalisation: true,
};

const narrative =
  'A 67-year-old woman started lisinopril 10 mg once daily on 20 October. Thirteen days later she woke with swollen lips and tongue; angioedema was diagnosed in the emergency department and she was kept overnight. Lisinopril was stopped and the swelling settled over 36 hours.';

/** The professionals' ADR form (adr-professional), every question answered. */
export const professionalReport = () => ({
  schemaVersion: 1,
  C: { primarySources: [reporter(true)] },
  D: patient,
  E: { reactions: [reaction] },
  G: {
    drugs: [
      {
        id: DRUG,
        name: 'Lisinopril 10 mg tablets',
        role: '1',
        indications: [{ text: 'Hypertension' }],
        dosages: [
          {
            dosageText: '10 mg once a day',
            routeText: 'By mouth',
            startDate: '2026-10-20',
            endDate: '2026-11-02',
            batchLot: 'LP2291',
          },
        ],
        actionTaken: '1',
      },
      { id: CONCOMITANT, name: 'Metformin 500 mg tablets', role: '2' },
    ],
  },
  F: { tests: [{ name: 'Serum tryptase', date: '2026-11-02', resultText: 'Normal' }] },
  H: { narrative, reporterComments: 'Typical ACE-inhibitor angioedema.' },
});

/**
 * A case completed in the case form, every block filled as case processors complete one (two
 * primary sources, literature, coded history and past drugs, two coded reactions with every
 * seriousness criterion, a qualified test result, a drug with substances, a structured dosage,
 * coded indication and time to onset, sender's diagnosis): what the bench saves (about 5 KB).
 */
export const fullCase = () => {
  const report = professionalReport();
  return {
    ...report,
    C: {
      reportType: '1',
      primarySources: [
        { ...reporter(true), primaryForRegulatoryPurposes: '1' },
        {
          title: 'Dr',
          givenName: 'Bruno',
          familyName: 'Roux',
          city: 'Lyon',
          country: 'FR',
          qualification: '1',
        },
      ],
      literature: [{ reference: 'Hart A. Angioedema on lisinopril. BMJ 2026;1:12.' }],
    },
    D: {
      ...patient,
      birthDate: '1959-03-14',
      medicalHistory: [
        {
          condition: { version: '27.0', code: '10012601' },
          startDate: '2015',
          continuing: true,
          comments: 'Diet only',
        },
      ],
      pastDrugs: [{ name: 'Enalapril', endDate: '2024-06', reaction: { version: '27.0', code: '10013968' } }],
    },
    E: {
      reactions: [
        {
          ...reaction,
          resultsInDeath: false,
          lifeThreatening: false,
          disabling: false,
          congenitalAnomaly: false,
          otherMedicallyImportant: false,
          duration: { value: '36', unit: 'h' },
          medicallyConfirmed: true,
          country: 'GB',
        },
        {
          id: '0f6b1d2e-3c4a-4b5d-8e6f-7a8b9c0d1e2f',
          nativeTerm: 'Hives on both arms',
          term: { version: '27.0', code: '10046735' },
          resultsInDeath: false,
          lifeThreatening: false,
          hospitalisation: false,
          disabling: false,
          congenitalAnomaly: false,
          otherMedicallyImportant: false,
          outcome: '1',
        },
      ],
    },
    F: {
      tests: [
        {
          date: '2026-11-02',
          name: 'Serum tryptase',
          code: { version: '27.0', code: '10066451' },
          result: { value: '11.4', unit: 'ug/L', qualifier: '<' },
          normalLow: '0',
          normalHigh: '11.4',
          comments: 'Taken two hours after onset',
          moreInformationAvailable: true,
        },
      ],
    },
    G: {
      drugs: [
        {
          ...report.G.drugs[0]!,
          substances: [{ name: 'Lisinopril dihydrate', strength: { value: '10', unit: 'mg' } }],
          authorisationNumber: 'PL 00289/0307',
          authorisationCountry: 'GB',
          dosages: [
            {
              ...report.G.drugs[0]!.dosages?.[0],
              dose: { value: '10', unit: 'mg' },
              frequency: { value: '1', unit: 'd' },
              duration: { value: '14', unit: 'd' },
            },
          ],
          cumulativeDose: { value: '140', unit: 'mg' },
          indications: [{ text: 'Hypertension', term: { version: '27.0', code: '10020772' } }],
          reactionAssessments: [
            { reactionId: REACTION, intervalFromStart: { value: '13', unit: 'd' }, recurred: '4' },
          ],
        },
        report.G.drugs[1]!,
      ],
    },
    H: {
      ...report.H,
      senderDiagnoses: [{ term: { version: '27.0', code: '10002424' } }],
      senderComments: 'Probable adverse reaction to lisinopril.',
    },
  };
};

/** The public ADR form (adr-public), every question answered. */
export const publicReport = () => ({
  schemaVersion: 1,
  C: { primarySources: [reporter(false)] },
  D: patient,
  E: { reactions: [reaction] },
  G: {
    drugs: [
      {
        id: DRUG,
        name: 'Lisinopril 10 mg tablets',
        role: '1',
        indications: [{ text: 'Blood pressure' }],
        dosages: [
          {
            dosageText: 'One a day',
            routeText: 'By mouth',
            startDate: '2026-10-20',
            endDate: '2026-11-02',
            batchLot: 'LP2291',
          },
        ],
        actionTaken: '1',
      },
    ],
  },
  H: { narrative },
});

/** The vaccine form (aefi), every question answered; the reaction was not serious. */
export const aefiReport = () => ({
  schemaVersion: 1,
  C: { primarySources: [reporter(false)] },
  D: { ...patient, ageAtOnset: { value: '34', unit: 'a' } },
  E: {
    reactions: [
      {
        id: REACTION,
        nativeTerm: 'Sore, swollen arm and a fever the next day',
        startDate: '2026-11-03',
        outcome: '1',
        endDate: '2026-11-05',
        term: { version: '27.0', code: '10022086' },
        serious: false,
      },
    ],
  },
  G: {
    drugs: [
      {
        id: DRUG,
        name: 'Comirnaty',
        holderName: 'BioNTech',
        role: '1',
        dosages: [
          { batchLot: 'FK8891', startDate: '2026-11-02', dosageText: 'Booster', routeText: 'Left arm' },
        ],
      },
    ],
  },
  F: { tests: [{ name: 'Temperature', date: { nullFlavor: 'UNK' }, resultText: '38.4 °C' }] },
  H: { narrative: 'Sore swollen left arm and a fever of 38.4 °C the day after a booster; gone in two days.' },
});

/** The published version of a standard form of the tenant's platform, by key. */
export async function publishedVersion(base: string, token: string, key: string): Promise<string> {
  const res = await http<FormView[]>(base, 'GET', '/v1/formviews', { token });
  const view = res.body.find((v) => v.key === key);
  if (!view?.publishedVersionId) throw new Error(`no published ${key} form: ${res.status}`);
  return view.publishedVersionId;
}

/**
 * Debian's `xmllint --schema` on the ICH batch schema shipped in e2b/schemas: '' when valid,
 * else what it says. A second, independent check of the library's own (libxml2 in WASM).
 */
export function xmllint(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-xmllint-'));
  try {
    const file = join(dir, 'message.xml');
    writeFileSync(file, xml);
    const schema = join(repoRoot, 'e2b', 'schemas', 'multicacheschemas', 'MCCI_IN200100UV01.xsd');
    execFileSync('xmllint', ['--noout', '--schema', schema, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    return e.stderr?.toString() || e.message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
