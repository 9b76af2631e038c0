import classes from './SkipLink.module.css';

/** "Skip to main content": the first focusable thing on every page, visible only on focus. */
export function SkipLink({ targetId, label }: { targetId: string; label: string }) {
  return (
    <a className={classes.skipLink} href={`#${targetId}`}>
      {label}
    </a>
  );
}
