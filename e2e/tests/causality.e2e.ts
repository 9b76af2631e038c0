import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, connectBrowser, screenshot } from '../browser.ts';
import {
  axeViolations,
  contextAt,
  DEMO_PASSWORD,
  inviteCaseworker,
  JOURNEY_PASSWORD,
  pageOverflow,
  setAccountLanguage,
  signIn,
} from '../journey.ts';
import { apiToken, sendReport } from '../submissions.ts';

const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db.end();
});

/**
 * A professional's report of angioedema on lisinopril (metformin alongside), sent over the API
 * as the professional form sends it, then triaged and taken by a member of staff.
 */
async function preparedCase(staff: string) {
  const reporter = await apiToken(baseUrl, 'reporter@demo.vigilo.test', DEMO_PASSWORD);
  const reactionId = crypto.randomUUID();
  const sent = await sendReport(baseUrl, reporter, {
    schemaVersion: 1,
    C: {
      reportType: '1',
      primarySources: [{ givenName: 'Amelia', familyName: 'Hart', qualification: '1', country: 'GB' }],
    },
    D: { name: 'J.M.', sex: '2', ageAtOnset: { value: '67', unit: 'a' } },
    E: {
      reactions: [
        { id: reactionId, nativeTerm: 'Swollen lips and tongue', hospitalisation: true, country: 'GB' },
      ],
    },
    G: {
      drugs: [
        { id: crypto.randomUUID(), role: '1', name: 'Lisinopril 10 mg tablets', actionTaken: '1' },
        { id: crypto.randomUUID(), role: '2', name: 'Metformin 500 mg tablets' },
      ],
    },
    H: {
      narrative:
        'Angioedema thirteen days after starting lisinopril; it was stopped and the swelling settled.',
    },
  });
  const token = await apiToken(baseUrl, staff, JOURNEY_PASSWORD);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await call('PUT', `/v1/reports/${sent.id}/status`, { status: 'in_triage' });
  await call('PUT', `/v1/report/${sent.id}/assign/user/@me`);
  return sent;
}

/** Answers the focused radio group by keyboard (Space on the first answer, arrows to the others), then Tab on. */
async function answer(page: Page, which: 0 | 1 | 2): Promise<void> {
  if (which === 0) await page.keyboard.press('Space');
  for (let i = 0; i < which; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
}

const LISINOPRIL = 'Lisinopril 10 mg tablets and Swollen lips and tongue';

describe('causality', () => {
  it('an assessor records a WHO-UMC and a Naranjo assessment of the suspect drug, sees the score as they answer, and the E2B(R3) XML carries both', {
    timeout: 150_000,
  }, async () => {
    const staff = await inviteCaseworker(db, 'organisation_staff', 'Sasha');
    const assessor = await inviteCaseworker(db, 'assessor', 'Ines');
    const { id, reference } = await preparedCase(staff);
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, assessor, JOURNEY_PASSWORD, '/login/assessor');

    // From the inbox, as an assessor starts.
    await page.getByRole('link', { name: 'Cases', exact: true }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(reference);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').getByText('One case', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: reference }).getByRole('link').first().click();
    await page.getByRole('heading', { name: `Case ${reference}`, level: 1 }).waitFor();

    const causality = page.getByRole('region', { name: 'Causality' });
    const pair = causality.getByRole('region', { name: LISINOPRIL });
    await pair.getByText('No assessment yet.').waitFor();
    // The concomitant medicine waits until asked for.
    expect(await causality.getByRole('region', { name: /^Metformin/ }).count()).toBe(0);

    // WHO-UMC: the reporter's own view, with the category's criteria beside each choice.
    await pair.getByRole('button', { name: `Add an assessment of ${LISINOPRIL}` }).click();
    const form = pair.getByRole('form', { name: `New assessment of ${LISINOPRIL}` });
    await form.getByRole('radio', { name: 'The reporter (primary source)' }).check();
    await form.getByRole('radio', { name: 'WHO-UMC system' }).check();
    await form.getByRole('radio', { name: /^Probable \/ likely/ }).check();
    await form.getByRole('textbox', { name: 'Comment (optional)' }).fill('Typical ACE-inhibitor angioedema.');
    await screenshot(page, 'causality-who-umc');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save assessment' }).click();
    await causality.getByText('Assessment saved as version 2 of the case.').waitFor();
    const first = pair.getByTestId('causality-entry').first();
    await first.getByText('WHO-UMC: Probable / likely').waitFor();
    expect(await first.textContent()).toContain('Assessed by: The reporter');
    expect(await first.textContent()).toContain('Recorded by Ines Journey on');

    // Naranjo: the centre's own, answered by keyboard, the score moving with each answer.
    await pair.getByRole('button', { name: `Add an assessment of ${LISINOPRIL}` }).click();
    await form.getByRole('radio', { name: 'Your organisation' }).check();
    await form.getByRole('radio', { name: 'Naranjo scale' }).check();
    const score = form.getByTestId('naranjo-score');
    await score.getByText('Score: 0, doubtful').waitFor();
    await form.getByRole('button', { name: 'Save assessment' }).click();
    const summary = form.getByTestId('error-summary');
    await summary.getByText('Answer question 1: yes, no or do not know').waitFor();
    expect(await summary.getByRole('link').count()).toBe(10);
    // The summary's link puts the focus on question 1's first answer.
    await summary.getByRole('link', { name: 'Answer question 1: yes, no or do not know' }).click();
    const keyed: [0 | 1 | 2, string][] = [
      [0, 'Score: 1, possible'], // 1 yes +1
      [0, 'Score: 3, possible'], // 2 yes +2
      [0, 'Score: 4, possible'], // 3 yes +1
      [2, 'Score: 4, possible'], // 4 do not know 0
      [1, 'Score: 6, probable'], // 5 no +2
      [2, 'Score: 6, probable'],
      [2, 'Score: 6, probable'],
      [2, 'Score: 6, probable'],
      [2, 'Score: 6, probable'],
      [0, 'Score: 7, probable'], // 10 yes +1
    ];
    for (const [which, expected] of keyed) {
      await answer(page, which);
      await score.getByText(expected).waitFor();
    }
    await score.getByText('10 of 10 questions answered').waitFor();
    // Each answer took its line out of the error summary, which is gone with the last one.
    expect(await summary.count()).toBe(0);
    await screenshot(page, 'causality-naranjo');
    await form.getByRole('button', { name: 'Save assessment' }).click();
    await causality.getByText('Assessment saved as version 3 of the case.').waitFor();
    const second = pair.getByTestId('causality-entry').nth(1);
    await second.getByText('Naranjo: Probable (score 7)').waitFor();
    expect(await second.textContent()).toContain('Assessed by: National Pharmacovigilance Centre');
    await second.getByText('Naranjo answers').click();
    await second.getByText('Was the adverse event confirmed by any objective evidence? Yes').waitFor();
    await page.getByRole('region', { name: 'Report information' }).getByText('3', { exact: true }).waitFor();
    await screenshot(page, 'causality-saved');
    expect(await axeViolations(page)).toEqual([]);

    // The message: both entries, G.k.9.i.2.r source, method and result, for this drug and reaction.
    const token = await apiToken(baseUrl, assessor, JOURNEY_PASSWORD, '/v1/login/assessor');
    const res = await fetch(`${baseUrl}/v1/report/${id}/xml`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const xml = (await res.text()).replace(/\s+/g, ' ');
    const entry = (result: string, method: string, source: string) =>
      `<value xsi:type="ST">${result}</value> <methodCode> <originalText>${method}</originalText> </methodCode> <author typeCode="AUT"> <assignedEntity classCode="ASSIGNED"> <code> <originalText>${source}</originalText>`;
    expect(xml).toContain(entry('Probable/Likely', 'WHO-UMC', 'Primary source reporter'));
    expect(xml).toContain(entry('Probable (score 7)', 'Naranjo', 'National Pharmacovigilance Centre'));

    // French, and a phone at 320 px: nothing scrolls sideways, the questionnaire included.
    await setAccountLanguage(page, 'fr');
    const session = await context.storageState();
    await context.close();
    const phone = await contextAt(browser, 320, { height: 800, storageState: session });
    const small = await phone.newPage();
    await small.goto(`${baseUrl}/cases/${id}`);
    const imputability = small.getByRole('region', { name: 'Imputabilité' });
    const frPair = imputability.getByRole('region', {
      name: 'Lisinopril 10 mg tablets et Swollen lips and tongue',
    });
    await frPair.getByRole('button', { name: /^Ajouter une évaluation/ }).click();
    await frPair.getByRole('radio', { name: 'Échelle de Naranjo' }).check();
    await frPair.getByTestId('naranjo-score').getByText('Score : 0, douteuse').waitFor();
    expect(await pageOverflow(small)).toBe(0);
    expect(await axeViolations(small)).toEqual([]);
    await screenshot(small, 'causality-phone-fr');
    await (frPair as Locator).screenshot({ path: join(artifactsDir, 'causality-phone-fr-pair.png') });
    await setAccountLanguage(small, 'en');
    await phone.close();
  });
});
