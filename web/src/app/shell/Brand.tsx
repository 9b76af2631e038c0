import { Link } from 'react-router';
import classes from './Shell.module.css';

/** The product name in the header, linking home. */
export function Brand({ label }: { label: string }) {
  return (
    <Link to="/" className={classes.brand}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {label}
    </Link>
  );
}
