import { http } from '../http.ts';
import { sendAdrCase } from '../sent-cases.ts';
import { signedIn } from '../sessions.ts';
import type { Fixture, World } from './fixtures.ts';

/** The rows of docs/permissions.csv for causality assessments (decision 0270): how to call each. */

async function made<T>(w: World, token: string, path: string, body: unknown): Promise<T> {
  const res = await http<T>(w.app.url, 'POST', path, { token, body });
  if (res.status >= 300) throw new Error(`fixture POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A case a reporter of organisation A sent, with its suspect drug and reaction. */
const sentCase = async (w: World) =>
  sendAdrCase(w.app, (await signedIn(w.app, w.tenant, 'reporter', 0)).token);

const assessment = (c: { drugId: string; reactionId: string }) => ({
  drugId: c.drugId,
  reactionId: c.reactionId,
  source: 'organisation',
  method: 'who-umc',
  whoUmc: 'possible',
});

export const causalityFixtures: Record<string, Fixture> = {
  'GET /v1/reports/{id}/causality|a case of your organisation': async (w) => ({
    params: { id: (await sentCase(w)).id },
  }),
  'POST /v1/reports/{id}/causality|a case of your organisation': async (w) => {
    const c = await sentCase(w);
    return { params: { id: c.id }, body: assessment(c) };
  },
  'POST /v1/reports/{id}/causality/{assessmentId}/withdraw|an assessment of a case of your organisation':
    async (w) => {
      const c = await sentCase(w);
      const { id } = await made<{ id: string }>(
        w,
        w.orgAdmin,
        `/v1/reports/${c.id}/causality`,
        assessment(c),
      );
      return { params: { id: c.id, assessmentId: id }, body: { reason: 'Recorded on the wrong drug' } };
    },
};
