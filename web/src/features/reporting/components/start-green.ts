/** The GOV.UK start and send buttons' green, whose white text passes AA (5.9:1). */
export const START_GREEN = '#00703c';

/** A warning box: yellow edge, its title in the text's colour (yellow text fails contrast on white). */
export const WARNING = {
  root: { borderWidth: 3 },
  title: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-md)' },
} as const;
