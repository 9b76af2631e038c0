import type { User } from '@vigilo/contract';
import { lazy, Suspense, useState } from 'react';
import { AccountButton } from './AccountButton.tsx';

// The menu's code (Mantine's menu, popover and floating-ui, the workspace switcher) loads when the
// button is first pointed at, focused or pressed, not with every signed-in page (decision 0323).
const loadMenu = () => import('./AccountMenu.tsx');
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })));

/** The header's account button; the first press loads the menu, which opens as it mounts. */
export function UserMenu({ user }: { user: User | undefined }) {
  const [asked, setAsked] = useState(false);
  const prefetch = () => void loadMenu();
  const waiting = (
    <AccountButton
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setAsked(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setAsked(true);
        }
      }}
    />
  );
  if (!asked) return waiting;
  return (
    <Suspense fallback={waiting}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
