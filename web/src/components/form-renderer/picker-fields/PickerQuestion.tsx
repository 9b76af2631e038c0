import type { PickerQuestionProps } from '../picker-kinds.ts';
import { DoseQuestion } from './DoseQuestion.tsx';
import { DrugQuestion } from './DrugQuestion.tsx';
import { EdqmQuestion } from './EdqmQuestion.tsx';
import { MeddraQuestion } from './MeddraQuestion.tsx';
import { PicklistQuestion } from './PicklistQuestion.tsx';

/** Coded fields that are EDQM terms: dose form, route, parent route (decision 0160). */
const EDQM: Record<string, 'PDF' | 'ROA'> = {
  'G.k.4.r.9.2': 'PDF',
  'G.k.4.r.10.2': 'ROA',
  'G.k.4.r.11.2': 'ROA',
};
/** Coded fields that are a medicinal product's identifier (MPID). */
const PRODUCTS = new Set(['G.k.2.1.1', 'D.8.r.2', 'D.10.8.r.2']);
/** Coded fields with no picker yet: a substance's term id (G.k.2.3.r.2). */
const NO_PICKER = new Set(['G.k.2.3.r.2']);

/** Medicinal products' names as reported: the suspect or concomitant drug, past drugs. */
const DRUG_NAME = /^(G\.k\.2\.2|D\.(10\.)?8\.r\.1)$/;

/**
 * The picker question of its kind (the pickers' one lazy chunk, decisions 0154 and 0160). For a
 * signed-in reporter: a question naming a picklist, a coded field (an EDQM term, a product or,
 * otherwise, a MedDRA term, by its E2B id), a medicine's name; anything else is drawn plain.
 */
export function PickerQuestion(props: PickerQuestionProps) {
  const { e2b, kind } = props.field;
  if (props.kind === 'dose') return <DoseQuestion {...props} />;
  if (props.question.picklist && (kind === 'text' || kind === 'code')) return <PicklistQuestion {...props} />;
  if (kind === 'coded') {
    const edqmClass = EDQM[e2b];
    if (edqmClass) return <EdqmQuestion {...props} edqmClass={edqmClass} />;
    if (PRODUCTS.has(e2b)) return <DrugQuestion {...props} />;
    if (NO_PICKER.has(e2b)) return <>{props.fallback}</>;
    return <MeddraQuestion {...props} />;
  }
  if (kind === 'text' && DRUG_NAME.test(e2b)) return <DrugQuestion {...props} />;
  return <>{props.fallback}</>;
}
