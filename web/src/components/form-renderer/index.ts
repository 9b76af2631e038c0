/** The form renderer (see FormRenderer.tsx for its props) and what a page needs around it. */
export { type Answers, pathOf, pointerOf, readAt, writeAt } from './answers.ts';
export { FormRenderer, type FormRendererProps, fieldId, sectionVisible } from './FormRenderer.tsx';
export { errorsByPointer, type FormError, formErrors, sectionOf } from './form-errors.ts';
export { translated } from './translated.ts';
