import type { FormField, FormQuestion } from '@vigilo/contract';
import { lazy, type ReactNode } from 'react';

/**
 * Which questions the renderer draws with a picker (decisions 0154, 0160), from the field's E2B id and
 * form, never from its label. The pickers come in one lazy chunk, which the public form loads
 * only when a page shows a question that needs one (its first step stays within 200 KB, decision
 * 0123); the country list is drawn by the renderer itself (CountrySelect.tsx).
 */
export type PickerKind = 'meddra' | 'country' | 'dose' | 'picklist' | 'doseForm' | 'route';

/** What a picker question gets: the renderer's props, read for it. */
export interface PickerQuestionProps {
  kind: Exclude<PickerKind, 'country'>;
  id: string;
  /** The label as shown ("(optional)" added when it is). */
  label: string;
  description?: string;
  error?: string;
  field: FormField;
  question: FormQuestion;
  language: string;
  fallbackLanguage: string;
  value: unknown;
  disabled?: boolean;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** Another answer of the same item (a reaction's words as reported beside its term). */
  sibling?: (name: string) => unknown;
  /** The "I don't know" box, where E2B allows one. */
  unknownBox: ReactNode;
  /** The question drawn without a picker: what is shown when the picker cannot be. */
  plain: ReactNode;
}

const COUNTRY = '^([A-Z]{2}|EU)$';
/** Coded fields that are not MedDRA terms: medicinal products, substances, EDQM dose forms and routes. */
const NOT_MEDDRA = new Set([
  'D.8.r.2',
  'D.10.8.r.2',
  'G.k.2.1.1',
  'G.k.2.3.r.2',
  'G.k.4.r.9.2',
  'G.k.4.r.10.2',
  'G.k.4.r.11.2',
]);
/** EDQM standard terms: pharmaceutical dose form, route and parent route of administration. */
const EDQM: Record<string, PickerKind> = {
  'G.k.4.r.9.2': 'doseForm',
  'G.k.4.r.10.2': 'route',
  'G.k.4.r.11.2': 'route',
};
/** Quantities whose unit is a UCUM dose unit: dose, cumulative dose, strength. */
const DOSES = new Set(['G.k.4.r.1', 'G.k.5', 'G.k.2.3.r.3']);

/**
 * The picker for a question, or undefined for the renderer's own field. Pickers that read the
 * API (MedDRA, a terminology arrangement) need a signed-in reporter; signed out, the question
 * keeps its plain field (EDQM terms too: the routes need a session).
 */
export function pickerFor(
  field: FormField,
  question: FormQuestion,
  signedIn: boolean,
): PickerKind | undefined {
  if (question.picklist && signedIn && (field.kind === 'text' || field.kind === 'code')) return 'picklist';
  if (field.kind === 'coded' && EDQM[field.e2b]) return signedIn ? EDQM[field.e2b] : undefined;
  if (field.kind === 'coded' && !NOT_MEDDRA.has(field.e2b)) return signedIn ? 'meddra' : undefined;
  // Countries are named by the browser (Intl.DisplayNames, every current browser has it).
  if (field.kind === 'text' && field.pattern === COUNTRY && typeof Intl.DisplayNames === 'function')
    return 'country';
  if (field.kind === 'quantity' && DOSES.has(field.e2b)) return 'dose';
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
