import type { FormVersionDefinition } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { prefillReporter, resumeStep } from './resume.ts';

/** Three pages written by hand: about you (name, email, organisation), the patient, the reaction. */
const definition = {
  key: 'x',
  name: 'X',
  audience: 'professional',
  reportType: 'adr',
  fields: [],
  conditions: [],
  layout: {
    languages: ['en'],
    title: { en: 'X' },
    sections: [
      {
        id: 'reporter',
        title: { en: 'About you' },
        questions: [
          { field: 'C.primarySources[].givenName', label: { en: 'First name' } },
          { field: 'C.primarySources[].email', label: { en: 'Email' } },
          { field: 'C.primarySources[].organisation', label: { en: 'Hospital' } },
        ],
      },
      { id: 'patient', title: { en: 'Patient' }, questions: [{ field: 'D.sex', label: { en: 'Sex' } }] },
      {
        id: 'reaction',
        title: { en: 'Reaction' },
        repeat: 'E.reactions',
        questions: [{ field: 'E.reactions[].nativeTerm', label: { en: 'What happened?' } }],
      },
    ],
  },
} as unknown as FormVersionDefinition;
const steps = ['reporter', 'patient', 'reaction', 'files', 'check'];
const account = {
  firstName: 'Rita',
  lastName: 'Levi',
  email: 'rita@example.test',
  phone: '+33 1 23 45 67 89',
  organisationName: 'Hôpital Nord',
};

describe('a draft resumes where it was saved', () => {
  it('at the last page holding an answer, an "I don\'t know" counted', () => {
    expect(resumeStep(definition, {}, steps)).toBe('reporter');
    expect(resumeStep(definition, { C: { primarySources: [{ givenName: 'Rita' }] } }, steps)).toBe(
      'reporter',
    );
    expect(
      resumeStep(
        definition,
        { C: { primarySources: [{ givenName: 'Rita' }] }, D: { sex: { nullFlavor: 'UNK' } } },
        steps,
      ),
    ).toBe('patient');
    expect(
      resumeStep(definition, { D: { sex: '1' }, E: { reactions: [{ nativeTerm: 'Hives' }] } }, steps),
    ).toBe('reaction');
    // An empty reaction (an id alone) is no answer.
    expect(resumeStep(definition, { D: { sex: '1' }, E: { reactions: [{ id: 'a' }] } }, steps)).toBe(
      'patient',
    );
  });
});

describe('the reporter filled from the account', () => {
  it('fills only what the form asks, the first reporter', () => {
    expect(prefillReporter(definition, { D: { sex: '2' } }, account)).toEqual({
      D: { sex: '2' },
      C: {
        primarySources: [{ givenName: 'Rita', email: 'rita@example.test', organisation: 'Hôpital Nord' }],
      },
    });
  });

  it('leaves a reporter already given (a resumed draft) as it is, and fills nothing from an empty account', () => {
    expect(
      prefillReporter(definition, { C: { primarySources: [{ email: 'other@example.test' }] } }, account),
    ).toBe(undefined);
    expect(
      prefillReporter(definition, {}, { firstName: '', lastName: '', email: ' ', organisationName: null }),
    ).toBe(undefined);
  });
});
