import { Navigate, type RouteObject } from 'react-router';
import { page } from './area.ts';
import { areas } from './areas.ts';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';

const pagesIn = (layout: 'public' | 'app'): RouteObject[] =>
  areas.flatMap((area) => area.pages.filter((p) => p.layout === layout).map((p) => p.route));

/**
 * Every route of the app, assembled from the feature areas (`features/<area>/area.tsx`):
 * their public pages in the public layout, their signed-in pages in the app's shell, where a
 * page that throws renders the error page inside the shell. Each page is its own chunk.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { element: <PublicLayout />, children: pagesIn('public') },
      {
        element: <RequireAuth />,
        children: [
          {
            ...page(
              () => import('./shell/AppLayout.tsx'),
              (m) => <m.AppLayout />,
            ),
            children: [
              {
                errorElement: <ErrorPage />,
                children: [{ index: true, element: <Navigate to="/profile" replace /> }, ...pagesIn('app')],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        ...page(
          () => import('./pages/NotFoundPage.tsx'),
          (m) => <m.NotFoundRoute />,
        ),
      },
    ],
  },
];
