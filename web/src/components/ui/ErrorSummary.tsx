import { Alert, Anchor } from '@mantine/core';
import { type MouseEvent, useEffect, useRef } from 'react';

export interface FieldErrorItem {
  /** id of the input the message is about; the summary links to it. */
  fieldId: string;
  message: string;
}

interface ErrorSummaryProps {
  title: string;
  errors: FieldErrorItem[];
  /** Changes on every submit, so a repeated failure moves focus to the summary again. */
  focusKey: number;
}

/** Moves focus to the field (the browser scrolls it into view), like GOV.UK's summary links. */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView?.({ block: 'center' });
}

/**
 * The GOV.UK error summary: a titled box at the top of the form listing every problem as a
 * link to its field. It takes focus when it appears so screen readers announce it.
 */
export function ErrorSummary({ title, errors, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);
  if (errors.length === 0) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="red"
      variant="outline"
      title={title}
      styles={{ root: { borderWidth: 3 }, title: { fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="error-summary"
    >
      {/* A plain list: the public form does not load Mantine's List (its budget, decision 0123). */}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
        {errors.map((error) => (
          <li key={error.fieldId}>
            <Anchor
              href={`#${error.fieldId}`}
              onClick={(event) => focusField(event, error.fieldId)}
              fw={600}
              underline="always"
              c="var(--mantine-color-error)"
            >
              {error.message}
            </Anchor>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
