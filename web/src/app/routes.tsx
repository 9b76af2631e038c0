import { Navigate, type RouteObject } from 'react-router';
import { page } from './area.ts';
import { areas } from './areas.ts';
import { HomeRoute } from './HomeRoute.tsx';
import { HOME_PATH } from './landing.ts';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';

const pagesIn = (layout: 'public' | 'app' | 'home'): RouteObject[] =>
  areas.flatMap((area) => area.pages.filter((p) => p.layout === layout).map((p) => p.route));

/**
 * `/`, outside both layouts: a signed-out visitor's landing (the `home` page of an area, in the
 * public layout) would otherwise fetch the signed-in shell's chunk, over the public pages'
 * budget (decision 0275); signed in, HomeRoute sends each user to their page.
 */
const [home] = pagesIn('home');
const homeRoute: RouteObject = {
  index: true,
  lazy: async () => {
    const signedOut = typeof home?.lazy === 'function' ? (await home.lazy()).element : home?.element;
    return { element: <HomeRoute signedOut={signedOut ?? <Navigate to="/login" replace />} /> };
  },
};

/** `/home`: on to where the user's role's work is (decision 0287). */
const landingRoute: RouteObject = {
  path: HOME_PATH.slice(1),
  ...page(
    () => import('./pages/RoleLandingPage.tsx'),
    (m) => <m.RoleLandingPage />,
  ),
};

/**
 * Every route of the app, assembled from the feature areas (`features/<area>/area.tsx`):
 * their public pages in the public layout, their signed-in pages in the app's shell, where a
 * page that throws renders the error page inside the shell. Each page is its own chunk.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      homeRoute,
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
                children: [landingRoute, ...pagesIn('app')],
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
