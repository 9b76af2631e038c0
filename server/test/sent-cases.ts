import type { TestApp } from './app.ts';
import { adrCase } from './case-documents.ts';
import { http } from './http.ts';

/** A case sent through POST /v1/report by `token`'s user, with the ids of its suspect drug and reaction. */
export interface SentCase {
  id: string;
  drugId: string;
  reactionId: string;
  document: ReturnType<typeof adrCase>;
}

/** Sends adrCase() (angioedema on lisinopril, metformin alongside) as `token`'s user: a received case. */
export async function sendAdrCase(app: Pick<TestApp, 'url'>, token: string): Promise<SentCase> {
  const document = adrCase();
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
    token,
    body: { report: document },
  });
  if (res.status !== 201) throw new Error(`POST /v1/report: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    id: res.body.id,
    drugId: document.G.drugs[0]!.id,
    reactionId: document.E.reactions[0]!.id,
    document,
  };
}
