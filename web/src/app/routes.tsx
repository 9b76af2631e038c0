import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { ProfilePage } from '../features/profile/pages/ProfilePage.tsx';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { NotFoundRoute } from './pages/NotFoundPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { AppLayout } from './shell/AppLayout.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';

/**
 * Every route of the app. Signed-in areas go under the AppLayout branch (and add their menu
 * entry to navigation.ts); a page that throws renders the error page inside the shell.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { element: <PublicLayout />, children: [{ path: 'login', element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                errorElement: <ErrorPage />,
                children: [
                  { index: true, element: <Navigate to="/profile" replace /> },
                  { path: 'profile', element: <ProfilePage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
