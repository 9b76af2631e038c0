import type { PickerQuestionProps } from '../picker-kinds.ts';
import { DoseQuestion } from './DoseQuestion.tsx';
import { EdqmQuestion } from './EdqmQuestion.tsx';
import { MeddraQuestion } from './MeddraQuestion.tsx';
import { PicklistQuestion } from './PicklistQuestion.tsx';

/** The picker question of its kind (the pickers' one lazy chunk, decision 0154). */
export function PickerQuestion(props: PickerQuestionProps) {
  switch (props.kind) {
    case 'meddra':
      return <MeddraQuestion {...props} />;
    case 'dose':
      return <DoseQuestion {...props} />;
    case 'picklist':
      return <PicklistQuestion {...props} />;
    case 'doseForm':
    case 'route':
      return <EdqmQuestion {...props} />;
  }
}
