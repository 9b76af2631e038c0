import { type RefObject, useEffect, useMemo, useRef } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where focus goes in new content: a `data-autofocus` element, else its first heading, else its first control. */
function target(container: HTMLElement): HTMLElement {
  const marked = container.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const heading = container.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6');
  if (heading) {
    // A heading is not focusable by itself; -1 lets a script focus it without adding a tab stop.
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    return heading;
  }
  return container.querySelector<HTMLElement>(focusable) ?? container;
}

/**
 * The control that last had focus. A trigger is often removed in the same render that opens
 * its panel, so by the time the panel's effect runs focus is already on <body>: the element
 * (and its id) is remembered from the focus event instead. One listener for the document.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) lastFocused = event.target;
    },
    true,
  );
}

const currentFocus = (): HTMLElement | null => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : lastFocused;
};

/**
 * The one focus pattern for content that opens in place (inline panels) — decision 0038.
 * When the content appears, focus moves into it (its heading, so screen readers announce
 * what opened); when it goes, focus returns to the control that opened it. The trigger is
 * often hidden while the panel is open and drawn again afterwards, so it is found again by
 * its `id`: give every trigger one. Focus is only returned when it would otherwise be lost
 * (on <body>): if the app moved it somewhere on purpose, that wins.
 */
export function useFocusOnOpen<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Taken on the first run only: StrictMode runs the effect twice in development, and by the
  // second run focus is already inside the panel, which would then count as its opener.
  const openedBy = useRef<{ opener: HTMLElement | null; openerId: string | null } | null>(null);
  useEffect(() => {
    if (!openedBy.current) {
      const element = currentFocus();
      openedBy.current = { opener: element, openerId: element?.id || null };
    }
    const { opener, openerId } = openedBy.current;
    const container = ref.current;
    if (container) target(container).focus();
    return () => {
      // Runs after the panel left the page, so a trigger drawn again is already there.
      const active = document.activeElement;
      const lost =
        !active || active === document.body || !active.isConnected || Boolean(container?.contains(active));
      if (!lost) return;
      const back = opener?.isConnected ? opener : openerId ? document.getElementById(openerId) : null;
      back?.focus();
    };
  }, []);
  return ref;
}

const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * The same promise for dialogs (decision 0038): Mantine's Modal moves focus in and traps it;
 * this brings it back to the control that opened the dialog even when the dialog was opened
 * by another dialog's step (the new key shown after the create form closed), where Mantine
 * would return it to a button that no longer exists. Call `remember()` when opening (the
 * focused control is kept) and `restore` from the Modal's onClose and onExitTransitionEnd.
 */
export function useDialogFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember(element?: Element | null) {
        const candidate = element ?? currentFocus();
        opener.current = candidate instanceof HTMLElement ? candidate : null;
      },
      restore() {
        const back = () => {
          const element = opener.current;
          const id = element?.id;
          const target = element?.isConnected ? element : id ? document.getElementById(id) : null;
          if (target && focusLost()) target.focus();
        };
        back();
        window.setTimeout(back, 0);
      },
    }),
    [],
  );
}
