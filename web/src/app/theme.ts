import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * Vigilo's theme. Mantine's defaults miss WCAG AA contrast in a few places (blue-6 buttons and
 * links, red-6 errors and gray-6 "dimmed" text on white, light input borders), so the shades
 * used for text, fills and control borders are darker here. Ratios on white / on dark-7:
 * blue-8 5.0, red-9 5.5, gray-7 8.2; dark-1 text 7.8, red-5 5.6. Input borders are darkened in
 * global.css (gray-6 3.3, dark-2 4.0: 3:1 is the bar for a control's edge).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // No asterisks: required is the default, optional fields say "(optional)" in their label.
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // Links are told apart from text by more than colour (WCAG 1.4.1; blue-8 in dark mode is close to the text).
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/**
 * The names Mantine's own buttons and regions need, in the reader's language (axe, decision
 * 0039): dialog and alert close buttons, a file input's clear button, and tables that scroll sideways on phones, which
 * keyboard users must be able to focus to scroll.
 */
export function localisedTheme(t: TFunction): MantineThemeOverride {
  const close = { 'aria-label': t('common.close') };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps: close } },
        Drawer: { defaultProps: { closeButtonProps: close } },
        Alert: { defaultProps: { closeButtonLabel: t('common.dismiss') } },
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.dismiss') } } },
        // A clearable file input's cross (an icon alone).
        FileInput: { defaultProps: { clearButtonProps: { 'aria-label': t('common.clearFile') } } },
        TableScrollContainer: {
          defaultProps: {
            scrollAreaProps: {
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('common.scrollableTable') },
            },
          },
        },
      },
    }),
  );
}

/**
 * "Light" variants (badges, light buttons) write shade 6 on a pale tint, 3.6 to 3.9:1 on
 * white; even shade 9 misses 4.5:1 for green, lime, yellow, teal and orange. Shade 9 darkened
 * by a quarter passes for every colour. "Outline" variants (buttons, alerts) write the primary
 * shade, 8, in light mode: red 4.28:1 on a striped row's gray-0, yellow 2.48:1 on white; the
 * same darkened shade 9 gives 7.8 and 4.7 there. In dark mode they write shade 4, 4.6:1 or more
 * on dark-7 for every colour, so dark is left as it is.
 */
const darkenedShade9 = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9) 75%, black)`;
const lightVariantColours = Object.fromEntries(
  Object.keys(DEFAULT_THEME.colors).flatMap((color) => [
    [`--mantine-color-${color}-light-color`, darkenedShade9(color)],
    [`--mantine-color-${color}-outline`, darkenedShade9(color)],
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightVariantColours,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});

/** Where the light/dark choice is kept between visits. */
export const colorSchemeStorageKey = 'vigilo.color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey });

/**
 * Sets the saved (or system) scheme on <html> before React renders, so the first paint is
 * already in the right colours. Mantine's ColorSchemeScript does the same with an inline
 * script, which a strict Content-Security-Policy would block.
 */
export function applyInitialColorScheme(): void {
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(colorSchemeStorageKey);
  } catch {
    saved = null;
  }
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const scheme = saved === 'light' || saved === 'dark' ? saved : prefersDark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
}
