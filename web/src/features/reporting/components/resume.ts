import type { FormVersionDefinition } from '@vigilo/contract';
import { readPath } from '@vigilo/contract/conditions';
import type { Answers } from '../../../components/form-renderer/index.ts';

/** Given at all: a value or an "I don't know", not an empty text or list. */
const given = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * Where a saved draft resumes: the last of the steps that holds an answer, the page the
 * reporter was filling in when they saved (the draft itself is only the answers, so another
 * device finds the same page). The first step when nothing is answered yet.
 */
export function resumeStep(definition: FormVersionDefinition, answers: Answers, steps: string[]): string {
  const answered = definition.layout.sections.filter(
    (s) => steps.includes(s.id) && s.questions.some((q) => readPath(answers, q.field).some(given)),
  );
  return answered.at(-1)?.id ?? steps[0]!;
}

/** What the account says of its holder, as the reporter (C.2) fields read it. */
export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  /** The organisation the session works in, by name. */
  organisationName?: string | null;
}

/**
 * The answers with the reporter (C.2, the first primary source) filled from the signed-in
 * account: only the fields the form asks, only when no reporter detail is given yet (a draft
 * keeps what was typed). Undefined when there is nothing to fill.
 */
export function prefillReporter(
  definition: FormVersionDefinition,
  answers: Answers,
  account: Account,
): Answers | undefined {
  const asked = new Set(definition.layout.sections.flatMap((s) => s.questions.map((q) => q.field)));
  const C = (answers.C ?? {}) as { primarySources?: Record<string, unknown>[] };
  const first = C.primarySources?.[0];
  if (first && Object.values(first).some(given)) return undefined;
  const values: Record<string, string | null | undefined> = {
    givenName: account.firstName,
    familyName: account.lastName,
    email: account.email,
    telephone: account.phone,
    organisation: account.organisationName,
  };
  const reporter = Object.fromEntries(
    Object.entries(values).filter(
      ([name, value]) =>
        typeof value === 'string' && value.trim() !== '' && asked.has(`C.primarySources[].${name}`),
    ),
  );
  if (Object.keys(reporter).length === 0) return undefined;
  return { ...answers, C: { ...C, primarySources: [reporter, ...(C.primarySources ?? []).slice(1)] } };
}
