import { configure, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { meddraPath, meddraRelease, syntheticSoc } from '../../../test/meddra.ts';
import { createFakeApi, renderWithProviders, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { CaseDocumentView } from './CaseDocumentView.tsx';

configure({ asyncUtilTimeout: 5000 });

const swelling = meddraPath(
  { code: 90400004, name: 'Lips swollen' },
  { code: 90300004, name: 'Lip oedema' },
  syntheticSoc.skin,
);

/** A case as staff complete it: every block, partial dates, a null flavour, coded terms. */
const document = {
  schemaVersion: 1,
  C: { reportType: '1', firstReceivedDate: '2026-11-10' },
  D: {
    name: 'J.M.',
    birthDate: { nullFlavor: 'MSK' },
    ageAtOnset: { value: '67', unit: 'a' },
    sex: '2',
    medicalHistory: [{ condition: { version: '90.0', code: '90400004' }, startDate: '2019' }],
  },
  E: {
    reactions: [
      {
        id: '9a0f1c2e-1111-4aaa-8bbb-000000000001',
        nativeTerm: 'Swollen lips',
        term: { version: '90.0', code: '90400004' },
        startDate: '2026-03',
        hospitalisation: true,
        resultsInDeath: false,
        outcome: '2',
        country: 'FR',
      },
    ],
  },
  F: {
    tests: [
      {
        date: '2026-03-07',
        name: 'Serum potassium',
        result: { value: '6.1', unit: 'mmol/L' },
        normalLow: '3.5',
        normalHigh: '5.0',
      },
    ],
  },
  G: {
    drugs: [
      {
        id: '9a0f1c2e-2222-4aaa-8bbb-000000000002',
        role: '1',
        name: 'Lisinopril 10 mg tablets',
        mpid: { code: 'LIS-10' },
        dosages: [
          {
            dose: { value: '10', unit: 'mg' },
            frequency: { value: '1', unit: 'd' },
            startDate: '2026-02-20',
            route: { code: '20053000' },
            batchLot: 'AB123',
          },
        ],
        actionTaken: '1',
      },
    ],
  },
  H: { narrative: 'She woke with swollen lips.' },
};

function InFrench({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  useEffect(() => void i18n.changeLanguage('fr'), [i18n]);
  return i18n.language === 'fr' ? children : null;
}

function fakeApi() {
  const fake = createFakeApi(testSession);
  routeRequests(fake, {
    'GET /v1/meddras/versions': () => [meddraRelease],
    'GET /v1/meddras/lookup': () => [swelling],
    'GET /v1/edqm/lookup': () => [
      { code: '20053000', term: 'Oral use', translations: { fr: 'Voie orale' }, status: 'current' },
    ],
    'GET /v1/drugs/lookup': () => [{ id: 'd1', code: 'LIS-10', name: 'Lisinopril Vigilo 10 mg' }],
  });
  return fake;
}

describe('CaseDocumentView', { timeout: 20_000 }, () => {
  it('shows every block: tests, dosages, coded terms beside the words reported, dates in one style', async () => {
    renderWithProviders(<CaseDocumentView document={document} />, { api: fakeApi().api });
    const patient = await screen.findByRole('region', { name: 'D. Patient' });
    expect(patient).toHaveTextContent('Date of birthMasked (MSK)');
    expect(patient).toHaveTextContent('Age at onset of the reaction67 years');
    expect(within(patient).getByRole('heading', { name: 'Condition 1' })).toBeInTheDocument();
    expect(patient).toHaveTextContent('Start date2019');

    const reaction = within(screen.getByRole('region', { name: 'E. Reactions and events' })).getByRole(
      'region',
      { name: 'Reaction 1: Swollen lips' },
    );
    expect(reaction).toHaveTextContent('Reaction as reportedSwollen lips');
    await waitFor(() =>
      expect(reaction).toHaveTextContent(
        'Reaction (MedDRA)LLT Lips swollen 90400004 · PT Lip oedema 90300004 · MedDRA 90.0',
      ),
    );
    expect(reaction).toHaveTextContent('Results in deathNo');
    expect(reaction).toHaveTextContent('Caused or prolonged hospitalisationYes');
    expect(reaction).toHaveTextContent('Start of the reactionMar 2026');
    expect(reaction).toHaveTextContent('Outcome at the last observationRecovering or resolving');
    expect(reaction).toHaveTextContent('Country where the reaction occurredFrance (FR)');

    const test = screen.getByRole('region', { name: 'Test 1: Serum potassium' });
    expect(test).toHaveTextContent('Test date7 Mar 2026');
    expect(test).toHaveTextContent('Test result6.1 mmol/L');
    expect(test).toHaveTextContent('Normal low value3.5');
    expect(test).toHaveTextContent('Normal high value5.0');

    const dosage = screen.getByRole('region', { name: 'Dosage 1' });
    expect(dosage).toHaveTextContent('Dose10 mg');
    expect(dosage).toHaveTextContent('Every (number of units in the interval)1 days');
    expect(dosage).toHaveTextContent('Start of the drug20 Feb 2026');
    expect(dosage).toHaveTextContent('Batch or lot numberAB123');
    await waitFor(() => expect(dosage).toHaveTextContent('Route of administration (EDQM)Oral use 20053000'));
    const drug = screen.getByRole('region', { name: 'Drug 1: Lisinopril 10 mg tablets' });
    await waitFor(() =>
      expect(drug).toHaveTextContent('Medicinal product identifier (MPID)Lisinopril Vigilo 10 mg LIS-10'),
    );
    expect(drug).toHaveTextContent('Action taken with the drugDrug withdrawn');
    // The links of findings land on each place.
    expect(window.document.getElementById('field-G.drugs.0.dosages.0.batchLot')).toHaveTextContent('AB123');
    expect(window.document.getElementById('field-F.tests.0')).toBe(test);
  });

  it('shows the seriousness criteria as the message writes them once "Was it serious?" is answered', async () => {
    const reactions = [
      { id: '9a0f1c2e-1111-4aaa-8bbb-000000000001', nativeTerm: 'Swollen lips', serious: false },
      { id: '9a0f1c2e-1111-4aaa-8bbb-000000000002', nativeTerm: 'Rash', serious: { nullFlavor: 'NI' } },
      { id: '9a0f1c2e-1111-4aaa-8bbb-000000000003', nativeTerm: 'Cough' },
    ];
    renderWithProviders(<CaseDocumentView document={{ ...document, E: { reactions } }} />, {
      api: fakeApi().api,
    });
    const no = await screen.findByRole('region', { name: 'Reaction 1: Swollen lips' });
    for (const label of [
      'Results in death',
      'Life threatening',
      'Caused or prolonged hospitalisation',
      'Disabling or incapacitating',
      'Congenital anomaly or birth defect',
      'Other medically important condition',
    ])
      expect(no).toHaveTextContent(`${label}No`);
    expect(screen.getByRole('region', { name: 'Reaction 2: Rash' })).toHaveTextContent(
      'Life threateningNo information (NI)',
    );
    expect(screen.getByRole('region', { name: 'Reaction 3: Cough' })).not.toHaveTextContent(
      'Life threatening',
    );
  });

  it('speaks French: labels, coded values, months and EDQM terms', async () => {
    renderWithProviders(
      <InFrench>
        <CaseDocumentView document={document} />
      </InFrench>,
      { api: fakeApi().api },
    );
    const patient = await screen.findByRole('region', { name: 'D. Patient' });
    expect(patient).toHaveTextContent('SexeFemme');
    expect(patient).toHaveTextContent('Âge au début de la réaction67 ans');
    const reaction = screen.getByRole('region', { name: 'Réaction 1 : Swollen lips' });
    expect(reaction).toHaveTextContent('Début de la réactionmars 2026');
    expect(reaction).toHaveTextContent('Pays où la réaction est survenueFrance (FR)');
    const dosage = screen.getByRole('region', { name: 'Posologie 1' });
    await waitFor(() => expect(dosage).toHaveTextContent('Voie d’administration (EDQM)Voie orale 20053000'));
    expect(screen.getByRole('region', { name: 'F. Examens et procédures' })).toHaveTextContent(
      'Date de l’examen7 mars 2026',
    );
  });
});
