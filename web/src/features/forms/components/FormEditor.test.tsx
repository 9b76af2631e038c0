import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { FormView } from '@vigilo/contract';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests, sampleForm, schemaId, viewId } from '../testing.ts';

function setUp(
  draft?: (view: FormView) => FormView,
  draftChanges: unknown[] = [],
  saveView?: (body: Partial<FormView>, ifMatch: string | undefined) => unknown,
) {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('platform_admin')] }));
  const { view, schema } = sampleForm();
  let current = draft ? draft(view) : view;
  const published: unknown[] = [];
  answerRequests(fake.api.request as Mock, {
    [`GET /v1/formview/${viewId}`]: () => current,
    [`GET /v1/formschema/${schemaId}`]: () => schema,
    [`PUT /v1/formview/${viewId}`]: ({ body, ...options }) => {
      const headers = (options as { headers?: Record<string, string> }).headers;
      if (saveView) return saveView(body as Partial<FormView>, headers?.['if-match']);
      current = { ...current, ...(body as object), version: current.version + 1 };
      const { published: _p, ...answer } = current;
      return answer;
    },
    [`GET /v1/formview/${viewId}/versions`]: () => ({
      versions: [
        {
          id: view.publishedVersionId,
          number: 1,
          createdAt: '2026-11-20T10:00:00.000Z',
          publishedBy: null,
          changes: [],
        },
      ],
      draftChanges,
    }),
    'POST /v1/formversion': ({ body }) => {
      published.push(body);
      return { ...view.published, number: 2 };
    },
    'GET /v1/organisations/lookup': () => [],
    'GET /v1/formviews': () => [current],
  });
  return { fake, published };
}

describe('form editor', () => {
  it('checks a condition as it is typed and names the parse error in words, with its position', async () => {
    const { fake } = setUp();
    renderApp(`/admin/forms/${viewId}`, fake);
    expect(
      await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Conditions (0)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    const when = screen.getByLabelText('When', { exact: false });
    await userEvent.type(when, 'D.sex = "2"');
    expect(
      await screen.findByText('At character 7: “=” on its own is not a comparison: write “==”'),
    ).toBeInTheDocument();
    // Corrected, it is accepted; a field the case document lacks is named.
    await userEvent.clear(when);
    await userEvent.type(when, 'D.sex == "2"');
    expect(await screen.findByText('The expression is correct.')).toBeInTheDocument();
    await userEvent.clear(when);
    await userEvent.type(when, 'D.colour == "2"');
    expect(await screen.findByText('The case document has no field D.colour')).toBeInTheDocument();
    await userEvent.clear(when);
    await userEvent.type(when, 'answered(D.sex');
    expect(await screen.findByText('At character 15: “)” is missing at the end')).toBeInTheDocument();
  });

  it('refuses to save a condition that does not parse, and says which one', async () => {
    const { fake } = setUp();
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    await userEvent.click(screen.getByRole('tab', { name: 'Conditions (0)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    await userEvent.type(screen.getByLabelText('When', { exact: false }), 'D.sex in "2"');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByTestId('error-summary');
    expect(
      within(summary).getByText(/^Condition 1: At character 10: “in” must be followed by a list/),
    ).toBeInTheDocument();
    expect(fake.api.request).not.toHaveBeenCalledWith('PUT', `/v1/formview/${viewId}`, expect.anything());
  });

  it('saves a relabelled question with the version it was opened at', async () => {
    const { fake } = setUp();
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    const label = screen.getAllByLabelText('Question')[0]!;
    await userEvent.clear(label);
    await userEvent.type(label, 'Sex at birth');
    expect(screen.getByTestId('unsaved')).toHaveTextContent('Unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your changes have been saved. Reporters see them once you publish a version.'),
    ).toBeInTheDocument();
    const put = (fake.api.request as Mock).mock.calls.find((c) => c[0] === 'PUT');
    expect(put?.[2].headers).toEqual({ 'if-match': '"1"' });
    expect(put?.[2].body.layout.sections[0].questions[0].label).toEqual({ en: 'Sex at birth', fr: 'Sexe' });
  });

  it('the publish dialog lists what changed since the last version, in words, then publishes', async () => {
    const { fake, published } = setUp(
      (view) => ({
        ...view,
        layout: {
          ...view.layout,
          sections: [
            {
              ...view.layout.sections[0]!,
              questions: [
                { ...view.layout.sections[0]!.questions[0]!, label: { en: 'Sex at birth', fr: 'Sexe' } },
                view.layout.sections[0]!.questions[1]!,
              ],
            },
          ],
        },
        conditions: [{ when: 'D.sex == "2"', action: 'hide', targets: ['D.name'] }],
      }),
      [
        { path: 'conditions', change: 'changed' },
        { path: 'layout.sections.patient.questions.D.sex.label.en', change: 'changed' },
      ],
    );
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Publish a version…' }));
    const list = await screen.findByTestId('publish-changes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Condition added: Hide “Initials” when D.sex == "2"',
      'Question “Sex” relabelled “Sex at birth” (English)',
    ]);
    expect(screen.getByText('Changes since version 1, which version 2 will have:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Version 2 is published: reporters now fill it in.')).toBeInTheDocument();
    expect(published).toEqual([{ formViewId: viewId }]);
  });

  it('the publish dialog warns of a text left untranslated, and publishes all the same', async () => {
    const { fake, published } = setUp(
      (view) => ({
        ...view,
        layout: {
          ...view.layout,
          sections: [
            {
              ...view.layout.sections[0]!,
              questions: [
                { ...view.layout.sections[0]!.questions[0]!, label: { en: 'Sex at birth' } },
                view.layout.sections[0]!.questions[1]!,
              ],
            },
          ],
        },
      }),
      [{ path: 'layout.sections.patient.questions.D.sex.label', change: 'changed' }],
    );
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Publish a version…' }));
    const warning = await screen.findByTestId('publish-untranslated');
    expect(warning).toHaveTextContent('Some reporters will read texts in another language');
    expect(warning).toHaveTextContent(
      '1 text has no French version: French-speaking reporters will read it in English.',
    );
    expect(warning).toHaveTextContent(
      'You can publish now and translate later: each published version is kept.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Version 2 is published: reporters now fill it in.')).toBeInTheDocument();
    expect(published).toEqual([{ formViewId: viewId }]);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { fake } = setUp();
    const { router } = renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    await userEvent.type(screen.getAllByLabelText('Question')[1]!, ' of the patient');
    await userEvent.click(screen.getByRole('link', { name: 'All forms' }));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(`/admin/forms/${viewId}`);
    expect(screen.getAllByLabelText('Question')[1]).toHaveValue('Initials of the patient');
    await userEvent.click(screen.getByRole('link', { name: 'All forms' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Forms', level: 1 })).toBeInTheDocument();
  });

  it('shows a colleague’s newer save instead of overwriting it, then saves mine over it on request', async () => {
    const { view } = sampleForm();
    const theirs: FormView = {
      ...view,
      conditions: [{ when: 'answered(D.sex)', action: 'require', targets: ['D.name'] }],
      version: 2,
    };
    const saves: { ifMatch: string | undefined; body: Partial<FormView> }[] = [];
    const { fake } = setUp(undefined, [], (body, ifMatch) => {
      saves.push({ ifMatch, body });
      if (ifMatch === '"1"')
        throw new ApiRequestError(412, {
          code: 'PRECONDITION_FAILED',
          statusCode: 412,
          error: 'Precondition Failed',
          message: 'stale',
          meta: { currentVersion: 2, current: theirs },
        });
      return { ...theirs, ...body, version: 3 };
    });
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    const label = screen.getAllByLabelText('Question')[0]!;
    await userEvent.clear(label);
    await userEvent.type(label, 'Sex at birth');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else changed this while you were editing')).toBeInTheDocument();
    // They changed the conditions, which I left alone: saving mine keeps theirs.
    const table = screen.getByRole('table', { name: '' });
    expect(within(table).getByRole('rowheader', { name: 'Conditions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save my version' }));
    expect(
      await screen.findByText('Your changes have been saved. Reporters see them once you publish a version.'),
    ).toBeInTheDocument();
    expect(saves.map((s) => s.ifMatch)).toEqual(['"1"', '"2"']);
    expect(saves[1]!.body.conditions).toEqual(theirs.conditions);
    expect(saves[1]!.body.layout!.sections[0]!.questions[0]!.label).toEqual({
      en: 'Sex at birth',
      fr: 'Sexe',
    });
  });

  it("lets an organisation's administrator write a question's error text in English and French, and saves both", async () => {
    const organisation = { id: testSession.organisationId!, name: 'Centre régional' };
    const { fake } = setUp((view) => ({ ...view, organisationId: organisation.id }));
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_admin', organisation)] }),
    );
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    // Without one, the editor says what reporters read instead (a choice: "Select an answer to …").
    const sexError = screen.getAllByLabelText('Error message when it is not answered (optional)')[0]!;
    expect(sexError).toHaveAccessibleDescription(/Without one, reporters read: Select an answer to “Sex”$/);
    const initialsError = screen.getAllByLabelText('Error message when it is not answered (optional)')[1]!;
    expect(initialsError).toHaveAccessibleDescription(/Without one, reporters read: Answer “Initials”$/);
    // Pasted, not typed key by key: each key redraws the editor and its preview.
    await userEvent.click(initialsError);
    await userEvent.paste('Enter the patient’s initials');

    await userEvent.click(screen.getByRole('radio', { name: 'French' }));
    const inFrench = screen.getAllByLabelText('Error message when it is not answered (optional)')[1]!;
    expect(inFrench).toHaveValue('');
    // The English text shows as a hint of what to translate.
    expect(inFrench).toHaveAttribute('placeholder', 'Enter the patient’s initials');
    await userEvent.click(inFrench);
    await userEvent.paste('Saisissez les initiales du patient');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your changes have been saved. Reporters see them once you publish a version.'),
    ).toBeInTheDocument();
    const put = (fake.api.request as Mock).mock.calls.find((c) => c[0] === 'PUT');
    const [sex, initials] = put?.[2].body.layout.sections[0].questions ?? [];
    expect(initials.error).toEqual({
      en: 'Enter the patient’s initials',
      fr: 'Saisissez les initiales du patient',
    });
    expect(sex).not.toHaveProperty('error');
  });

  it('names a changed error text in the publish dialog', async () => {
    const { fake } = setUp(undefined, [
      { path: 'layout.sections.patient.questions.D.name.error', change: 'added' },
      { path: 'layout.sections.patient.questions.D.sex.error.fr', change: 'changed' },
    ]);
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Publish a version…' }));
    const list = await screen.findByTestId('publish-changes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Error message of “Initials” changed',
      'Error message of “Sex” changed',
    ]);
  });

  it("shows an organisation's administrator the platform's form as published, read only, without asking for its schema", async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({
        memberships: [membership('organisation_admin', { id: testSession.organisationId!, name: 'A' })],
      }),
    );
    const { view } = sampleForm();
    // No GET /v1/formschema: the server refuses it to this role, and the page must not need it.
    answerRequests(fake.api.request as Mock, { [`GET /v1/formview/${viewId}`]: () => view });
    renderApp(`/admin/forms/${viewId}`, fake);
    expect(
      await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'This form belongs to the whole platform: only a platform administrator can change it. You see the version reporters fill in now.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish a version…' })).toBeNull();
    expect(screen.getAllByLabelText('Question')[0]).toHaveValue('Sex');
    expect(screen.getAllByLabelText('Question')[0]).toHaveAttribute('readonly');
  });

  it('the preview follows the draft as it is typed: a new label, then a condition tried out in it', async () => {
    const { fake } = setUp();
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    const preview = screen.getByTestId('form-preview');
    // Initials and sex: one of them is needed (the patient's minimum criterion), neither "(optional)".
    expect(within(preview).getByRole('radiogroup', { name: 'Sex' })).toBeInTheDocument();
    const label = screen.getAllByLabelText('Question')[0]!;
    await userEvent.clear(label);
    await userEvent.type(label, 'Sex at birth');
    expect(within(preview).getByRole('radiogroup', { name: 'Sex at birth' })).toBeInTheDocument();

    // Hide the initials when the answer is "Female": answered in the preview, the question goes.
    await userEvent.click(screen.getByRole('tab', { name: 'Conditions (0)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    await userEvent.click(screen.getAllByLabelText('What it does')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Hide' }));
    await userEvent.click(screen.getAllByLabelText('Questions or sections')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Initials (D.name)' }));
    await userEvent.type(screen.getByLabelText('When', { exact: false }), 'D.sex == "2"');
    expect(within(preview).getByLabelText('Initials')).toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('radio', { name: 'Female' }));
    expect(within(preview).queryByLabelText('Initials')).toBeNull();
    await userEvent.click(within(preview).getByRole('radio', { name: 'Male' }));
    expect(within(preview).getByLabelText('Initials')).toBeInTheDocument();
  });

  it('writes a condition from a question’s answers picked by their words, not their codes', async () => {
    const { fake } = setUp();
    renderApp(`/admin/forms/${viewId}`, fake);
    await screen.findByRole('heading', { name: 'Adverse drug reaction', level: 1 });
    await userEvent.click(screen.getByRole('tab', { name: 'Conditions (0)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a condition' }));
    await userEvent.click(screen.getAllByLabelText('Or pick a question with choices')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Sex (D.sex)' }));
    await userEvent.click(screen.getAllByLabelText('Its answer is')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Female' }));
    await userEvent.click(screen.getByRole('button', { name: 'Write the expression' }));
    expect(screen.getByLabelText('When', { exact: false })).toHaveValue('D.sex == "2"');
    expect(screen.getByText('The expression is correct.')).toBeInTheDocument();
  });
});
