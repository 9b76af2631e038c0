import type { ReactNode } from 'react';
import { useFocusOnOpen } from './use-focus-on-open.ts';

/**
 * Content that opens in place (a form under "Add contact", "Decline", "Edit details"): takes
 * focus when it appears and gives it back to its trigger when it goes (useFocusOnOpen).
 */
export function InlinePanel({ children }: { children: ReactNode }) {
  const ref = useFocusOnOpen<HTMLDivElement>();
  return <div ref={ref}>{children}</div>;
}
