import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormVersionDefinition } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import type { Answers } from './answers.ts';
import { FormRenderer, fieldId } from './FormRenderer.tsx';
import { errorsByPointer, formErrors } from './form-errors.ts';

const DATE = '^\\d{4}(-\\d{2}(-\\d{2}(T\\d{2}(:\\d{2}(:\\d{2}(\\.\\d{1,4})?)?)?)?)?)?([+-]\\d{2}:\\d{2})?$';

/** A small form written by hand (as GET /v1/formview/{id} gives it), fields as the server binds them. */
const definition: FormVersionDefinition = {
  key: 'test',
  name: 'Test',
  audience: 'public',
  reportType: 'adr',
  fields: [
    {
      path: 'D.sex',
      e2b: 'D.5',
      kind: 'code',
      required: false,
      nullFlavours: ['MSK', 'UNK', 'ASKU', 'NASK'],
      options: ['1', '2'],
    },
    {
      path: 'D.birthDate',
      e2b: 'D.2.1',
      kind: 'date',
      required: false,
      nullFlavours: ['MSK'],
      pattern: DATE,
    },
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
      options: ['1', '5'],
    },
    {
      path: 'E.reactions[].startDate',
      e2b: 'E.i.4',
      kind: 'date',
      required: false,
      nullFlavours: ['MSK', 'ASKU', 'NASK'],
      pattern: DATE,
    },
    {
      path: 'D.death.date',
      e2b: 'D.9.1',
      kind: 'date',
      required: false,
      nullFlavours: ['MSK', 'ASKU', 'NASK'],
      pattern: DATE,
    },
  ],
  layout: {
    languages: ['en', 'fr'],
    title: { en: 'Report', fr: 'Signalement' },
    sections: [
      {
        id: 'patient',
        title: { en: 'The patient', fr: 'Le patient' },
        questions: [
          {
            field: 'D.sex',
            label: { en: 'Sex', fr: 'Sexe' },
            options: [
              { value: '1', label: { en: 'Male', fr: 'Homme' } },
              { value: '2', label: { en: 'Female', fr: 'Femme' } },
            ],
          },
          { field: 'D.birthDate', label: { en: 'Date of birth', fr: 'Date de naissance' } },
        ],
      },
      {
        id: 'reaction',
        title: { en: 'The reaction', fr: 'L’effet' },
        repeat: 'E.reactions',
        questions: [
          { field: 'E.reactions[].nativeTerm', label: { en: 'What happened?', fr: 'Que s’est-il passé ?' } },
          {
            field: 'E.reactions[].outcome',
            label: { en: 'Outcome', fr: 'Évolution' },
            options: [
              { value: '1', label: { en: 'Recovered', fr: 'Rétabli' } },
              { value: '5', label: { en: 'Died', fr: 'Décès' } },
            ],
          },
          { field: 'E.reactions[].startDate', label: { en: 'When did it start?', fr: 'Début' } },
          {
            field: 'D.death.date',
            label: { en: 'Date of death', fr: 'Date du décès' },
            error: { en: 'Enter the date of death', fr: 'Saisissez la date du décès' },
          },
        ],
      },
    ],
  },
  conditions: [
    { when: 'E.reactions[].outcome == "5"', action: 'show', targets: ['D.death.date'] },
    { when: 'E.reactions[].outcome == "5"', action: 'require', targets: ['D.death.date'] },
  ],
};

let latest: Answers = {};

/** A page around the renderer as the journey uses it: answers in state, errors on "Continue". */
function Harness({
  start = {},
  language = 'en',
  sectionId,
}: {
  start?: Answers;
  language?: string;
  sectionId?: string;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Answers>(start);
  const [shown, setShown] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  latest = answers;
  const errors = shown
    ? formErrors(definition, answers, t, { language, minimumCriteria: false }).filter(
        (e) => sectionId === undefined || e.sectionId === sectionId,
      )
    : [];
  return (
    <div>
      <ErrorSummary
        title="There is a problem"
        errors={errors.map((e) => ({ fieldId: fieldId(e.pointer), message: e.message }))}
        focusKey={focusKey}
      />
      <FormRenderer
        definition={definition}
        answers={answers}
        onChange={setAnswers}
        language={language}
        sectionId={sectionId}
        errors={errorsByPointer(errors)}
      />
      <button
        type="button"
        onClick={() => {
          setShown(true);
          setFocusKey((k) => k + 1);
        }}
      >
        Continue
      </button>
    </div>
  );
}

const show = (ui: React.ReactNode) => renderWithProviders(ui, { api: createFakeApi().api });

describe('the form renderer', () => {
  it('shows the date of death only once the outcome is "Died", and then requires it', async () => {
    const user = userEvent.setup();
    show(<Harness sectionId="reaction" />);
    expect(await screen.findByRole('textbox', { name: 'What happened?' })).toBeTruthy();
    expect(screen.queryByText('Date of death (optional)')).toBeNull();
    expect(screen.queryByText('Date of death')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Recovered' }));
    expect(screen.queryByText(/Date of death/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Died' }));
    // Shown, and no longer "(optional)": the require condition holds.
    expect(screen.getByText('Date of death')).toBeTruthy();
    expect(latest).toEqual({ E: { reactions: [{ outcome: '5' }] } });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Answer “What happened?”', 'Enter the date of death']);
  });

  it('stores a year alone, a year and month, or a full date, and refuses 30 February', async () => {
    const user = userEvent.setup();
    show(<Harness sectionId="patient" />);
    const year = await screen.findByRole('textbox', { name: 'Year' });
    await user.type(year, '1984');
    expect(latest).toEqual({ D: { birthDate: '1984' } });
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '2');
    expect(latest).toEqual({ D: { birthDate: '1984-02' } });
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '30');
    expect(latest).toEqual({ D: { birthDate: '1984-02-30' } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getAllByText(
        '“Date of birth” must be a real date, for example 27 3 2024 (a year alone is enough)',
      ),
    ).toHaveLength(2);
    await user.clear(screen.getByRole('textbox', { name: 'Day' }));
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '9');
    expect(latest).toEqual({ D: { birthDate: '1984-02-09' } });
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });

  it('offers "I don’t know" where E2B allows it: an unknown sex is stored as UNK, none for the date of birth (only MSK)', async () => {
    const user = userEvent.setup();
    show(<Harness sectionId="patient" />);
    await user.click(await screen.findByRole('radio', { name: 'I don’t know' }));
    expect(latest).toEqual({ D: { sex: { nullFlavor: 'UNK' } } });
    // One "I don't know" on the page: the sex's. The date of birth allows only "masked".
    expect(screen.getAllByText('I don’t know')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    expect(latest).toEqual({ D: { sex: '2' } });
  });

  it('says that one of the patient’s details is needed rather than "(optional)" on each, in the form’s French', async () => {
    show(<Harness sectionId="patient" language="fr" />);
    // The interface is English here; the form's own texts are French.
    expect(await screen.findByText('Answer at least one of these: Sexe or Date de naissance')).toBeTruthy();
    expect(screen.getByText('Sexe')).toBeTruthy();
    expect(screen.getByText('Date de naissance')).toBeTruthy();
    expect(screen.queryByText(/\(optional\)/)).toBeNull();
    expect(screen.getByRole('radio', { name: 'Femme' })).toBeTruthy();
  });

  it('marks what is not required "(optional)"', async () => {
    show(<Harness sectionId="reaction" />);
    expect(await screen.findByText('Outcome (optional)')).toBeTruthy();
  });

  it('the error summary lists each problem as a link that moves focus to its field', async () => {
    const user = userEvent.setup();
    show(<Harness sectionId="reaction" />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = screen.getByTestId('error-summary');
    expect(document.activeElement).toBe(summary);
    const link = within(summary).getByRole('link', { name: 'Answer “What happened?”' });
    expect(link.getAttribute('href')).toBe('#q-E-reactions-0-nativeTerm');
    await user.click(link);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'What happened?' }));
  });

  it('adds and removes items of a repeating block', async () => {
    const user = userEvent.setup();
    show(<Harness sectionId="reaction" start={{ E: { reactions: [{ nativeTerm: 'Rash' }] } }} />);
    await user.click(await screen.findByRole('button', { name: 'Add another: The reaction' }));
    expect(latest).toEqual({ E: { reactions: [{ nativeTerm: 'Rash' }, {}] } });
    expect(screen.getAllByRole('textbox', { name: 'What happened?' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove The reaction 1' }));
    expect(latest).toEqual({ E: { reactions: [{}] } });
  });
});
