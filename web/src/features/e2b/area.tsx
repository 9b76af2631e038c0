import { IconFileImport } from '@tabler/icons-react';
import { lazy } from 'react';
import { Navigate, useParams } from 'react-router';
import { administrators, page, type WebArea } from '../../app/area.ts';

/** The case's E2B(R3) panel, in its own chunk: loaded when the case view's tab is first opened. */
const E2bPanel = lazy(() => import('./components/E2bPanel.tsx').then((m) => ({ default: m.E2bPanel })));

/** The former /cases/{id}/e2b page: links to it (import summaries, bookmarks) open the case's tab. */
function E2bCaseRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/cases/${encodeURIComponent(id)}?tab=e2b`} replace />;
}

/**
 * E2B(R3) (issue 14): importing case files, and the "E2B(R3)" tab of the case view. Who sees
 * the import follows the e2b policy's `import` rule.
 */
export const area: WebArea = {
  name: 'e2b',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'cases/import',
        ...page(
          () => import('./pages/E2bImportPage.tsx'),
          (m) => <m.E2bImportPage />,
        ),
      },
    },
    { layout: 'app', route: { path: 'cases/:id/e2b', element: <E2bCaseRedirect /> } },
  ],
  nav: [
    {
      path: '/cases/import',
      labelKey: 'e2b.nav.import',
      icon: IconFileImport,
      roles: ['organisation_staff', ...administrators],
      order: 150,
    },
  ],
  caseTabs: [{ value: 'e2b', labelKey: 'e2b.case.tab', Panel: E2bPanel }],
};
