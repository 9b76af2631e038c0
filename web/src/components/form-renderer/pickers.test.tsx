import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptySession } from '@vigilo/client';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useState } from 'react';
import { describe, expect, it, type Mock } from 'vitest';
import { meddraPath, meddraRelease, syntheticSoc } from '../../test/meddra.ts';
import { createFakeApi, renderWithProviders, testSession } from '../../test/render.tsx';
import type { Answers } from './answers.ts';
import { FormRenderer } from './FormRenderer.tsx';

configure({ asyncUtilTimeout: 5000 });

/** ISO 3166-1 alpha-2, the 249 officially assigned codes (iso.org's Online Browsing Platform). */
const iso3166 = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Fields as the server binds them (contract/src/form-fields.ts), written out by hand. */
const definition: FormVersionDefinition = {
  key: 'pickers',
  name: 'Pickers',
  audience: 'professional',
  reportType: 'adr',
  fields: [
    { path: 'E.reactions', e2b: 'E.i', kind: 'list', required: false, nullFlavours: [] },
    {
      path: 'E.reactions[].nativeTerm',
      e2b: 'E.i.1.1a',
      kind: 'text',
      required: false,
      nullFlavours: [],
      maxLength: 250,
    },
    { path: 'E.reactions[].term', e2b: 'E.i.2.1', kind: 'coded', required: false, nullFlavours: [] },
    {
      path: 'C.primarySources[].country',
      e2b: 'C.2.r.3',
      kind: 'text',
      required: false,
      nullFlavours: ['MSK', 'ASKU', 'NASK', 'UNK'],
      pattern: '^([A-Z]{2}|EU)$',
    },
    {
      path: 'G.drugs[].name',
      e2b: 'G.k.2.2',
      kind: 'text',
      required: false,
      nullFlavours: [],
      maxLength: 250,
    },
    {
      path: 'G.drugs[].dosages[].dose',
      e2b: 'G.k.4.r.1',
      kind: 'quantity',
      required: false,
      nullFlavours: [],
    },
    {
      path: 'G.drugs[].dosages[].doseForm',
      e2b: 'G.k.4.r.9.2',
      kind: 'coded',
      required: false,
      nullFlavours: [],
    },
    {
      path: 'G.drugs[].dosages[].routeText',
      e2b: 'G.k.4.r.10.1',
      kind: 'text',
      required: false,
      nullFlavours: ['UNK'],
      maxLength: 60,
    },
  ],
  layout: {
    languages: ['en'],
    title: { en: 'Pickers' },
    sections: [
      {
        id: 'reaction',
        title: { en: 'The reaction' },
        repeat: 'E.reactions',
        questions: [
          { field: 'E.reactions[].nativeTerm', label: { en: 'What happened?' } },
          { field: 'E.reactions[].term', label: { en: 'Reaction term' } },
        ],
      },
      {
        id: 'reporter',
        title: { en: 'You' },
        questions: [{ field: 'C.primarySources[].country', label: { en: 'Country' } }],
      },
      {
        id: 'dose',
        title: { en: 'The medicine' },
        questions: [
          { field: 'G.drugs[].name', label: { en: 'Medicine' } },
          { field: 'G.drugs[].dosages[].dose', label: { en: 'Dose' } },
          { field: 'G.drugs[].dosages[].routeText', label: { en: 'Route' }, picklist: 'Routes' },
          { field: 'G.drugs[].dosages[].doseForm', label: { en: 'Dose form' } },
        ],
      },
    ],
  },
  conditions: [],
};

let latest: Answers = {};
function Harness({ sectionId, start = {} }: { sectionId: string; start?: Answers }) {
  const [answers, setAnswers] = useState<Answers>(start);
  return (
    <FormRenderer
      definition={definition}
      answers={answers}
      language="en"
      sectionId={sectionId}
      onChange={(next) => {
        latest = next;
        setAnswers(next);
      }}
    />
  );
}

const itchy = meddraPath(
  { code: 90400003, name: 'Itchy red skin patch' },
  { code: 90300002, name: 'Pruritic érythema' },
  syntheticSoc.skin,
  {
    hlt: { code: 90200002, name: 'Cutaneous rashes and eruptions' },
    hlgt: { code: 90100002, name: 'Skin eruptions' },
  },
);
const entry = (id: string, code: string, term: string) => ({
  id,
  platformId: testSession.platformId,
  organisationId: testSession.organisationId,
  dictionary: 'routes-local',
  code,
  term,
  parentId: null,
  reference: null,
  attributes: {},
  translations: {},
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const edqm = (code: string, term: string, status: string, fr?: string) => ({
  code,
  class: 'PDF',
  term,
  status,
  translations: fr ? { fr } : {},
  domain: 'Human and Veterinary',
  version: null,
  source: 'starter',
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const tablet = edqm('PDF-10219000', 'Tablet', 'current', 'Comprimé');
const oldTablet = edqm('PDF-10200000', 'Tablet (former term)', 'deprecated');
const oral = '00000000-0000-4000-8000-0000000000e1';
const sublingual = '00000000-0000-4000-8000-0000000000e2';
const topical = '00000000-0000-4000-8000-0000000000e3';

/** A fake client answering MedDRA and terminology; `signedIn` false is a member of the public. */
function api(signedIn: boolean) {
  const fake = createFakeApi(signedIn ? testSession : emptySession());
  const request = fake.api.request as unknown as Mock;
  request.mockImplementation(
    async (method: string, url: string, options: { query?: Record<string, unknown> } = {}) => {
      if (method !== 'GET') throw new Error(`unexpected request ${method} ${url}`);
      if (url === '/v1/meddras/versions') return [meddraRelease];
      if (url === '/v1/meddras/search') return [itchy];
      if (url === '/v1/meddras/lookup') return [itchy];
      if (url === '/v1/drugs/search')
        return [
          {
            id: '00000000-0000-4000-8000-0000000000d1',
            platformId: testSession.platformId,
            organisationId: testSession.organisationId,
            listId: '00000000-0000-4000-8000-0000000000d0',
            code: 'SYN-0001',
            name: 'Lisinoprol 10 mg tablets',
            substances: ['lisinoprol'],
            strength: '10 mg',
            doseForm: 'Tablet',
            authorisationNumber: 'PL 99999/0001',
            holder: 'Invented Pharma',
            country: 'GB',
            createdAt: '2026-11-24T10:00:00.000Z',
            updatedAt: '2026-11-24T10:00:00.000Z',
          },
        ];
      if (url === '/v1/edqm' && options.query?.class === 'PDF') return [tablet, oldTablet];
      if (url === '/v1/edqm/lookup') return [tablet, oldTablet].filter((t) => t.code === options.query?.code);
      if (url === '/v1/terminology-arrangements')
        return [
          {
            id: '00000000-0000-4000-8000-0000000000a1',
            name: 'Routes',
            dictionary: 'routes-local',
            items: [{ entryId: oral }, { entryId: sublingual, parentEntryId: oral }, { entryId: topical }],
          },
        ];
      if (url === '/v1/terminology-entries/dictionary/routes-local')
        return [
          entry(topical, 'TOP', 'On the skin'),
          entry(oral, 'ORA', 'By mouth'),
          entry(sublingual, 'SL', 'Under the tongue'),
        ];
      throw new Error(`unexpected request ${method} ${url}`);
    },
  );
  return { fake, request };
}

describe('the form renderer’s pickers', { timeout: 20_000 }, () => {
  it('draws a MedDRA question with the picker, the words as reported beside it, and stores version and LLT code', async () => {
    const user = userEvent.setup();
    const { fake } = api(true);
    renderWithProviders(
      <Harness sectionId="reaction" start={{ E: { reactions: [{ nativeTerm: 'Red itchy patches' }] } }} />,
      { api: fake.api },
    );
    const box = (await screen.findByRole('combobox', {
      name: 'Reaction term (optional) · MedDRA 90.0',
    })) as HTMLInputElement;
    expect(box.value).toBe('Red itchy patches');
    expect(screen.getByText('Red itchy patches', { selector: 'q' })).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'itchy');
    await screen.findByRole('option', { name: /Itchy red skin patch/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(latest).toEqual({
      E: { reactions: [{ nativeTerm: 'Red itchy patches', term: { version: '90.0', code: '90400003' } }] },
    });
  });

  it('signed out, a MedDRA question keeps its plain field and asks the server nothing', async () => {
    const { fake, request } = api(false);
    renderWithProviders(<Harness sectionId="reaction" />, { api: fake.api });
    expect(await screen.findByRole('textbox', { name: 'Reaction term (optional)' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('draws a country as a list of names and stores the ISO code, signed out too', async () => {
    const user = userEvent.setup();
    const { fake } = api(false);
    renderWithProviders(<Harness sectionId="reporter" />, { api: fake.api });
    const list = (await screen.findByRole('combobox', { name: 'Country (optional)' })) as HTMLSelectElement;
    expect(list.tagName).toBe('SELECT');
    // "Choose", the 249 countries of ISO 3166-1 (the maintained list the server checks) and the
    // EU. No "I don't know": the reporter's own country (decision 0278), though E2B allows UNK.
    const codes = [...list.options].map((o) => o.value);
    expect(codes).toHaveLength(251);
    expect(codes[0]).toBe('');
    expect(codes.slice(-1)).toEqual(['EU']);
    expect(codes.slice(1, -1).sort()).toEqual(iso3166.sort());
    expect(screen.queryByText('I don’t know')).toBeNull();
    await user.selectOptions(list, 'United Kingdom');
    expect(latest).toEqual({ C: { primarySources: [{ country: 'GB' }] } });
  });

  it('takes a dose with a UCUM unit, reads a decimal comma, and says in words why another unit is not UCUM', async () => {
    const user = userEvent.setup();
    const { fake } = api(false);
    renderWithProviders(<Harness sectionId="dose" />, { api: fake.api });
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await user.type(amount, '2,5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'milligrams (mg)');
    expect(latest).toEqual({ G: { drugs: [{ dosages: [{ dose: { value: '2.5', unit: 'mg' } }] }] } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'Another unit (UCUM code)');
    const ucum = screen.getByRole('textbox', { name: 'Unit as a UCUM code' });
    await user.type(ucum, 'mg per day');
    await user.tab();
    expect(screen.getByText('A unit has no spaces: write it as UCUM does, for example mg/kg')).toBeTruthy();
    expect(ucum.getAttribute('aria-invalid')).toBe('true');
    await user.clear(ucum);
    await user.type(ucum, 'mg/d');
    expect(screen.queryByText(/UCUM does/)).toBeNull();
    expect(latest).toEqual({ G: { drugs: [{ dosages: [{ dose: { value: '2.5', unit: 'mg/d' } }] }] } });
    // µ is read as u, as the server does.
    await user.clear(ucum);
    await user.type(ucum, 'µg');
    expect(latest).toEqual({ G: { drugs: [{ dosages: [{ dose: { value: '2.5', unit: 'ug' } }] }] } });
  });

  it('offers an arrangement’s entries in its order, children indented, and stores the term', async () => {
    const user = userEvent.setup();
    const { fake } = api(true);
    renderWithProviders(<Harness sectionId="dose" />, { api: fake.api });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Route (optional)' }) as HTMLElement).tagName).toBe(
        'SELECT',
      ),
    );
    const list = screen.getByRole('combobox', { name: 'Route (optional)' }) as HTMLSelectElement;
    await waitFor(() => expect(list.options).toHaveLength(4));
    expect([...list.options].map((o) => o.textContent)).toEqual([
      'Choose',
      'By mouth',
      '\u00a0\u00a0\u00a0Under the tongue',
      'On the skin',
    ]);
    await user.selectOptions(list, 'Under the tongue');
    expect(latest).toEqual({ G: { drugs: [{ dosages: [{ routeText: 'Under the tongue' }] }] } });
  });

  it('codes a dose form with the EDQM picker: a deprecated term is marked and cannot be chosen', async () => {
    const user = userEvent.setup();
    const { fake } = api(true);
    latest = {};
    renderWithProviders(<Harness sectionId="dose" />, { api: fake.api });
    const box = await screen.findByRole('combobox', { name: 'Dose form (optional)' });
    await user.type(box, 'tab');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Tablet PDF-10219000',
      'Tablet (former term) PDF-10200000Deprecated, not for new coding',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(latest).toEqual({});
    await user.keyboard('{ArrowUp}{Enter}');
    expect(latest).toEqual({ G: { drugs: [{ dosages: [{ doseForm: { code: 'PDF-10219000' } }] }] } });
    expect((await screen.findByTestId(`${box.id}-chosen`)).textContent).toBe('Tablet PDF-10219000');
  });

  it('suggests the organisation’s products for a medicine’s name and keeps any name typed', async () => {
    const user = userEvent.setup();
    const { fake } = api(true);
    latest = {};
    renderWithProviders(<Harness sectionId="dose" />, { api: fake.api });
    const box = (await screen.findByRole('combobox', { name: 'Medicine (optional)' })) as HTMLInputElement;
    await user.type(box, 'lisin');
    expect(latest).toEqual({ G: { drugs: [{ name: 'lisin' }] } });
    const option = await screen.findByRole('option', { name: /Lisinoprol 10 mg tablets/ });
    expect(option.textContent).toBe(
      'Lisinoprol 10 mg tablets SYN-000110 mg · lisinoprol · authorisation PL 99999/0001',
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe('Lisinoprol 10 mg tablets');
    expect(latest).toEqual({ G: { drugs: [{ name: 'Lisinoprol 10 mg tablets' }] } });
    // Chosen text is not searched again: the list stays closed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.clear(box);
    await user.type(box, 'the blue pills');
    expect(latest).toEqual({ G: { drugs: [{ name: 'the blue pills' }] } });
  });

  it('signed out, a picklist question keeps its plain text field', async () => {
    const { fake } = api(false);
    renderWithProviders(<Harness sectionId="dose" />, { api: fake.api });
    expect(await screen.findByRole('textbox', { name: 'Route (optional)' })).toBeTruthy();
  });
});
