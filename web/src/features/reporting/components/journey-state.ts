import type { FormVersionDefinition } from '@vigilo/contract';
import { useCallback, useState } from 'react';
import { type Answers, sectionVisible } from '../../../components/form-renderer/index.ts';

/** What a reporter has given so far, kept between pages (and on this device when signed out). */
export interface JourneyState {
  answers: Answers;
  /** One key per report: every try of the same report sends it (decision 0076). */
  idempotencyKey: string;
  /** The organisation the report goes to (from the link a member of the public followed). */
  organisationId?: string;
  /** A signed-in reporter's server draft. */
  draftId?: string;
  /**
   * The names of the files added: files themselves are not kept, so after a reload the
   * journey can say which ones to add again (decision 0276).
   */
  fileNames?: string[];
  savedAt?: string;
}

const storageKey = (formViewId: string) => `vigilo.report.${formViewId}`;
/** Signed in, only the file names outlive a reload, in the tab (the answers are in the draft). */
const fileNamesKey = (formViewId: string) => `vigilo.report.files.${formViewId}`;

function readFileNames(formViewId: string): string[] | undefined {
  try {
    const text = window.sessionStorage.getItem(fileNamesKey(formViewId));
    return text ? (JSON.parse(text) as string[]) : undefined;
  } catch {
    return undefined;
  }
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function readSaved(formViewId: string): JourneyState | null {
  try {
    const text = window.localStorage.getItem(storageKey(formViewId));
    return text ? (JSON.parse(text) as JourneyState) : null;
  } catch {
    return null;
  }
}

export function forgetSaved(formViewId: string) {
  try {
    window.localStorage.removeItem(storageKey(formViewId));
    window.sessionStorage.removeItem(fileNamesKey(formViewId));
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/**
 * The journey's answers. Signed out they are written to this device's storage on every
 * change (decision 0120): the reporter comes back to them in this browser, and the page says
 * so. Signed in they stay in memory until "Save and come back later" stores a server draft.
 */
export function useJourneyState(formViewId: string, keepOnDevice: boolean) {
  const [state, setState] = useState<JourneyState>(
    () =>
      (keepOnDevice ? readSaved(formViewId) : null) ?? {
        answers: {},
        idempotencyKey: newKey(),
        ...(keepOnDevice ? {} : { fileNames: readFileNames(formViewId) }),
      },
  );
  const update = useCallback(
    (patch: Partial<JourneyState>) =>
      setState((previous) => {
        const next = { ...previous, ...patch };
        if (keepOnDevice)
          try {
            window.localStorage.setItem(
              storageKey(formViewId),
              JSON.stringify({ ...next, savedAt: new Date().toISOString() }),
            );
          } catch {
            // Storage full or blocked: the answers stay on the page.
          }
        else if (patch.fileNames)
          try {
            window.sessionStorage.setItem(fileNamesKey(formViewId), JSON.stringify(patch.fileNames));
          } catch {
            // As above.
          }
        return next;
      }),
    [formViewId, keepOnDevice],
  );
  return { state, update };
}

/** The journey's steps: each section the answers show, then files, then "check your answers". */
export function journeySteps(definition: FormVersionDefinition, answers: Answers): string[] {
  const sections = definition.layout.sections
    .filter((s) => sectionVisible(definition, s, answers))
    .map((s) => s.id);
  return [...sections, 'files', 'check'];
}

/** The files added before a reload and not added again since (each name counted as often as added). */
export function missingFiles(fileNames: string[] | undefined, files: File[]): string[] {
  const present = files.map((f) => f.name);
  return (fileNames ?? []).filter((name) => {
    const at = present.indexOf(name);
    if (at === -1) return true;
    present.splice(at, 1);
    return false;
  });
}
