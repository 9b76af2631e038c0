import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CausalityAssessment, ReportCase } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import {
  createFakeApi,
  makeUser,
  membership,
  renderWithProviders,
  testSession,
} from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { useCasesTexts } from '../texts/use-cases-texts.ts';
import { CausalityMatrix } from './CausalityMatrix.tsx';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Centre national' };
const id = '00000000-0000-4000-8000-0000000000c2';
const imported = { source: 'PHARMACEUTICAL COMPANY', method: 'Global Introspection', result: 'Related' };
const found = {
  id,
  reference: 'K7HD-3MXT-R',
  status: 'assigned',
  version: 4,
  reportVersion: 2,
  deleted: null,
  report: {
    schemaVersion: 1,
    E: { reactions: [{ id: 'r1', nativeTerm: 'Swollen lips' }] },
    G: {
      drugs: [
        { id: 'd2', role: '2', name: 'Metformin' },
        {
          id: 'd1',
          role: '1',
          name: 'Lisinopril',
          reactionAssessments: [
            {
              reactionId: 'r1',
              intervalFromStart: { value: '13', unit: 'd' },
              recurred: '4',
              assessments: [imported],
            },
          ],
        },
      ],
    },
  },
} as unknown as ReportCase;

function Page({ of }: { of: ReportCase }) {
  useCasesTexts();
  return <CausalityMatrix found={of} />;
}

const assessor = () => {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('assessor', organisation)] }));
  return fake;
};

describe('CausalityMatrix', { timeout: 30_000 }, () => {
  it('an assessor answers Naranjo, sees the score move, is told what is unanswered, then saves the answers only', async () => {
    const fake = assessor();
    const posts: { body: unknown; headers: unknown }[] = [];
    routeRequests(fake, {
      [`GET /v1/reports/${id}/causality`]: () => [],
      [`POST /v1/reports/${id}/causality`]: (options) => {
        posts.push({ body: options.body, headers: (options as { headers?: unknown }).headers });
        return { reportVersion: 3 } as CausalityAssessment;
      },
    });
    renderWithProviders(<Page of={found} />, { api: fake.api });
    const user = userEvent.setup();
    // The suspect drug's pair comes first, with what an import wrote; the concomitant one waits.
    const pair = await screen.findByRole('region', { name: 'Lisinopril and Swollen lips' });
    expect(within(pair).getByTestId('causality-entry').textContent).toContain(
      'Global Introspection: Related',
    );
    expect(within(pair).getByText('Recorded elsewhere (imported, or typed in the case form)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Metformin and Swollen lips' })).toBeNull();
    expect(within(pair).getByTestId('causality-facts').textContent).toBe(
      'Onset 13 d after the first dose (G.k.9.i.3.1) · Not given again (G.k.9.i.4)',
    );

    await user.click(
      within(pair).getByRole('button', { name: 'Add an assessment of Lisinopril and Swollen lips' }),
    );
    // The assessment form loads when "Add" is chosen (decision 0311).
    await user.click(await screen.findByRole('radio', { name: 'Your organisation' }));
    await user.click(screen.getByRole('radio', { name: 'Naranjo scale' }));
    const score = screen.getByTestId('naranjo-score');
    expect(score.textContent).toContain('Score: 0, doubtful');
    const answer = async (number: number, text: string) =>
      user.click(
        within(screen.getByRole('radiogroup', { name: new RegExp(`^${number}\\. `) })).getByRole('radio', {
          name: text,
        }),
      );
    // 2: yes is +2; 5: no is +2; 3: yes is +1 (the published weights).
    await answer(2, 'Yes (+2)');
    expect(score.textContent).toContain('Score: 2, possible');
    await answer(5, 'No (+2)');
    await answer(3, 'Yes (+1)');
    expect(score.textContent).toContain('Score: 5, probable');
    expect(score.textContent).toContain('3 of 10 questions answered');

    await user.click(screen.getByRole('button', { name: 'Save assessment' }));
    const summary = await screen.findByTestId('error-summary');
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual(
      [1, 4, 6, 7, 8, 9, 10].map((n) => `Answer question ${n}: yes, no or do not know`),
    );
    expect(posts).toEqual([]);

    await answer(1, 'Yes (+1)');
    await answer(4, 'Do not know (0)');
    await answer(6, 'Do not know (0)');
    await answer(7, 'Do not know (0)');
    await answer(8, 'Do not know (0)');
    await answer(9, 'Do not know (0)');
    await answer(10, 'Yes (+1)');
    expect(score.textContent).toContain('Score: 7, probable');
    await user.click(screen.getByRole('button', { name: 'Save assessment' }));
    await screen.findByText('Assessment saved as version 3 of the case.');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      drugId: 'd1',
      reactionId: 'r1',
      source: 'organisation',
      method: 'naranjo',
      naranjo: {
        appearedAfterDrug: 'yes',
        alternativeCauses: 'no',
        improvedOnWithdrawal: 'yes',
        previousReports: 'yes',
        reappearedOnReadministration: 'unknown',
        reactionToPlacebo: 'unknown',
        toxicConcentration: 'unknown',
        doseRelated: 'unknown',
        previousSimilarReaction: 'unknown',
        objectiveEvidence: 'yes',
      },
    });
    expect((posts[0]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a recorded assessment with who and when, and withdraws it only with a reason', async () => {
    const fake = assessor();
    const record: CausalityAssessment = {
      id: '00000000-0000-4000-8000-0000000000a1',
      reportId: id,
      drugId: 'd1',
      reactionId: 'r1',
      source: 'reporter',
      method: 'who-umc',
      category: 'possible',
      score: null,
      naranjo: null,
      entry: { source: 'Primary source reporter', method: 'WHO-UMC', result: 'Possible' },
      comment: 'Started two weeks before.',
      reportVersion: 2,
      recordedBy: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Ana Assessor' },
      recordedAt: '2026-12-02T10:00:00.000Z',
      withdrawn: null,
      inCase: true,
    };
    const withdrawals: unknown[] = [];
    routeRequests(fake, {
      [`GET /v1/reports/${id}/causality`]: () => [record],
      [`POST /v1/reports/${id}/causality/${record.id}/withdraw`]: (options) => {
        withdrawals.push(options.body);
        return record;
      },
    });
    const withEntry = structuredClone(found.report) as {
      G: { drugs: { reactionAssessments?: unknown[] }[] };
    };
    withEntry.G.drugs[1]!.reactionAssessments = [{ reactionId: 'r1', assessments: [imported, record.entry] }];
    renderWithProviders(<Page of={{ ...found, report: withEntry } as unknown as ReportCase} />, {
      api: fake.api,
    });
    const user = userEvent.setup();
    const pair = await screen.findByRole('region', { name: 'Lisinopril and Swollen lips' });
    const recorded = (await within(pair).findAllByTestId('causality-entry'))[1]!;
    expect(recorded.textContent).toContain('WHO-UMC: Possible');
    expect(recorded.textContent).toContain('Assessed by: The reporter');
    expect(recorded.textContent).toContain('Recorded by Ana Assessor on');
    expect(recorded.textContent).toContain('Comment: Started two weeks before.');
    await user.click(
      within(recorded).getByRole('button', { name: 'Withdraw the assessment WHO-UMC: Possible' }),
    );
    await user.click(within(recorded).getByRole('button', { name: 'Withdraw assessment' }));
    await within(recorded).findByText('Say why you are withdrawing the assessment');
    expect(withdrawals).toEqual([]);
    await user.type(
      within(recorded).getByRole('textbox', { name: /Why are you withdrawing it/ }),
      'Wrong drug',
    );
    await user.click(within(recorded).getByRole('button', { name: 'Withdraw assessment' }));
    await screen.findByText('Assessment withdrawn.');
    expect(withdrawals).toEqual([{ reason: 'Wrong drug' }]);
  });
});
