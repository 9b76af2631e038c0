import type { FormField, FormQuestion } from '@vigilo/contract';
import { lazy, type ReactNode } from 'react';
import type { QuestionFieldProps } from './QuestionField.tsx';

/**
 * Which questions the renderer draws with a picker (decisions 0154, 0160), from the field's E2B id and
 * form, never from its label. The pickers come in one lazy chunk, which the public form loads
 * only when a page shows a question that needs one (its first step stays within 200 KB, decision
 * 0123); the country list is drawn by the renderer itself (countries.ts).
 */
export type PickerKind = 'country' | 'dose' | 'signedIn';

/** What a picker question gets: the renderer's props, read for it. */
export interface PickerQuestionProps extends Omit<QuestionFieldProps, 'plain'> {
  kind: Exclude<PickerKind, 'country'>;
  /** The label as shown ("(optional)" added when it is). */
  label: string;
  description?: string;
  /** The "I don't know" box, where E2B allows one. */
  unknownBox: ReactNode;
  /** The question drawn without a picker: what is shown when the picker cannot be. */
  fallback: ReactNode;
}

const COUNTRY = '^([A-Z]{2}|EU)$';
/** Quantities whose unit is a UCUM dose unit: dose, cumulative dose, strength. */
const DOSE = /^G\.k\.(4\.r\.1|5|2\.3\.r\.3)$/;

/**
 * The picker for a question, or undefined for the renderer's own field. Pickers that read the
 * API (MedDRA, EDQM, products, a terminology arrangement) need a signed-in reporter; signed out,
 * the question keeps its plain field. The renderer decides as little as it can: every byte here
 * is on the public form's first step.
 */
export function pickerFor(
  field: FormField,
  question: FormQuestion,
  signedIn: boolean,
): PickerKind | undefined {
  // Countries are named by the browser (Intl.DisplayNames, every current browser has it).
  if (field.kind === 'text' && field.pattern === COUNTRY && typeof Intl.DisplayNames === 'function')
    return 'country';
  if (field.kind === 'quantity' && DOSE.test(field.e2b)) return 'dose';
  // Signed in, coded and text fields (and code fields with a picklist) go to the pickers' chunk,
  // which knows which are MedDRA, EDQM, products or picklists, and draws the others plain.
  if (
    signedIn &&
    (field.kind === 'coded' || field.kind === 'text' || (field.kind === 'code' && question.picklist))
  )
    return 'signedIn';
  return undefined;
}

/**
 * Every picker question but the country, loaded in two steps: each dynamic import costs the
 * chunk that writes it the names of the files it needs (Vite's preload map, some twenty for the
 * pickers). The renderer, on the public form's first step, imports only a tiny loader; the
 * loader imports the pickers (decision 0154).
 */
export const PickerQuestion = lazy(() =>
  import('./picker-fields/PickerLoader.ts')
    .then((m) => m.loadPickers())
    .then((m) => ({ default: m.PickerQuestion })),
);
