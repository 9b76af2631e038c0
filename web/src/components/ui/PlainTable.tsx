import type { ComponentPropsWithoutRef, CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './PlainTable.module.css';

interface Props extends ComponentPropsWithoutRef<'table'> {
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/**
 * A table drawn as Mantine's `Table` is, for pages that must stay light: Mantine's `Table`
 * always brings its `ScrollArea`, and with it floating-ui (17.5 KB gzip), for a sideways
 * scroll the browser does itself (decision 0326). The scroller is a named region keyboard
 * users can focus to scroll, as the theme makes Mantine's.
 */
export function PlainTable({ minWidth, style, className, ...table }: Props) {
  const { t } = useTranslation();
  const width: CSSProperties | undefined = minWidth ? { minWidth } : undefined;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be focusable to scroll with keys (WCAG 2.1.1).
    <section className={classes.scroller} tabIndex={0} aria-label={t('common.scrollableTable')}>
      <table
        {...table}
        className={[classes.table, className].filter(Boolean).join(' ')}
        style={{ ...width, ...style }}
      />
    </section>
  );
}
