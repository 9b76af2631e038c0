import { createContext, useContext } from 'react';

/** A finding shown beside the field it concerns: the conformance code's, or a refused value's. */
export interface FieldFinding {
  severity: 'error' | 'warning';
  message: string;
  /** The E2B data element or rule it stands for (`C.2.r.3`, `ICH-REQUIRED`). */
  element?: string;
  /** The case-document place, dotted (`G.drugs.0.dosages.0.dose.unit`), when the finding names one. */
  path?: string;
}

/** What every part of the case form reads: the draft, how to change it, the findings by place. */
export interface CaseFormState {
  draft: unknown;
  change: (path: string, value: unknown) => void;
  /** A change of several places at once (an item added, moved, removed). */
  update: (change: (draft: unknown) => unknown) => void;
  /** Findings at `path` itself or below it (a quantity's unit, a term's code). */
  findingsAt: (path: string) => FieldFinding[];
  disabled: boolean;
  /** The reader's language: the pickers name their terms in it. */
  language: string;
}

export const CaseFormContext = createContext<CaseFormState | null>(null);

export function useCaseForm(): CaseFormState {
  const state = useContext(CaseFormContext);
  if (!state) throw new Error('useCaseForm outside the case form');
  return state;
}

/** `G.drugs.0.name` is at or under `G.drugs.0` but not under `G.drugs.01`. */
export const isAtOrUnder = (path: string, base: string) => path === base || path.startsWith(`${base}.`);
