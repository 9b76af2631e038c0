import { useState } from 'react';
import type { FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';

/**
 * The GOV.UK validation pattern shared by this feature's forms: validate on submit, keep the
 * errors for the summary and beside each field, and bump a counter that moves focus to the summary.
 */
export function useFormErrors(onErrorsChange?: (hasErrors: boolean) => void) {
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  return {
    errors,
    submitCount,
    errorFor: (fieldId: string) => errors.find((e) => e.fieldId === fieldId)?.message,
    /** Records the errors of a submit; true when there are none. */
    check(found: FieldErrorItem[]): boolean {
      setErrors(found);
      setSubmitCount((n) => n + 1);
      onErrorsChange?.(found.length > 0);
      return found.length === 0;
    },
  };
}
