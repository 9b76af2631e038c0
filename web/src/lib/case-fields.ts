import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Links to one field of a case: a finding (E2B(R3) tab) names the case-document path it
 * concerns (`G.drugs[0].dosages[0].dose.unit`); the case view's Case tab gives the elements
 * that show a field the id `field-<path>` with `.0` for `[0]` (`field-G.drugs.0.name`), and
 * scrolls to and highlights the one the address names. Shared through `lib` so the features
 * that link (e2b) and show (cases) do not import each other.
 */
const PREFIX = 'field-';

/** `G.drugs[0].name` → `field-G.drugs.0.name`: the id of the element showing that field. */
export const fieldAnchor = (casePath: string) => `${PREFIX}${casePath.replace(/\[(\d+)\]/g, '.$1')}`;

/**
 * The address of a field in the case view's Case tab, with `edit` the case form opened at it
 * (shown only to those who may edit the case; the others land on the field read-only).
 */
export const caseFieldHref = (reportId: string, casePath: string, edit = false) =>
  `/cases/${encodeURIComponent(reportId)}?tab=case${edit ? '&edit=1' : ''}#${fieldAnchor(casePath)}`;

/** The id on the whole case document: where a link lands when no part of its path is shown. */
export const CASE_DOCUMENT_ANCHOR = `${PREFIX}document`;

/**
 * The element that shows `hash`'s field, or the nearest shown part it belongs to: the Case
 * tab shows a summary, so `G.drugs.0.dosages.0.dose.unit` lands on the drug `G.drugs.0`.
 */
export function findFieldElement(hash: string, root: Document = document): HTMLElement | null {
  if (!hash.startsWith(`#${PREFIX}`)) return null;
  const parts = decodeURIComponent(hash.slice(PREFIX.length + 1)).split('.');
  for (let n = parts.length; n > 0; n--) {
    const found = root.getElementById(`${PREFIX}${parts.slice(0, n).join('.')}`);
    if (found) return found;
  }
  return root.getElementById(CASE_DOCUMENT_ANCHOR);
}

/**
 * Scrolls to the field the address's `#field-…` names, outlines it and moves the focus to it
 * (so keyboard and screen-reader users land there too). `ready`: the fields are rendered.
 */
export function useFieldFocus(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready) return;
    const element = findFieldElement(hash);
    if (!element) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.dataset.fieldHighlight = 'true';
    element.style.outline = '3px solid var(--mantine-color-yellow-6)';
    element.style.outlineOffset = '4px';
    element.style.borderRadius = '4px';
    element.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    // A field of the case form: its input takes the focus, ready to type (decision 0262).
    const input =
      element.dataset.focusInside === 'true'
        ? element.querySelector<HTMLElement>(
            'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])',
          )
        : null;
    (input ?? element).focus({ preventScroll: true });
    return () => {
      delete element.dataset.fieldHighlight;
      element.style.outline = '';
      element.style.outlineOffset = '';
      element.style.borderRadius = '';
    };
  }, [hash, ready]);
}
