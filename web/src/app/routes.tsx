import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';

/**
 * A page fetched on first visit, each in its own chunk, so the sign-in page does not carry the
 * administration pages (decision 0039). The router waits for the chunk before it leaves the
 * current page, so there is no blank step.
 */
function page<M>(load: () => Promise<M>, render: (module: M) => ReactElement): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

/**
 * Every route of the app. Signed-in areas go under the AppLayout branch (and add their menu
 * entry to navigation.ts); a page that throws renders the error page inside the shell.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // Keys: going from one sign-in page to the other starts a fresh form.
          {
            path: 'login',
            ...page(
              () => import('../features/auth/pages/LoginPage.tsx'),
              (m) => <m.LoginPage key="standard" />,
            ),
          },
          {
            path: 'login/assessor',
            ...page(
              () => import('../features/auth/pages/LoginPage.tsx'),
              (m) => <m.LoginPage key="assessor" kind="assessor" />,
            ),
          },
          { path: 'assessor', element: <Navigate to="/login/assessor" replace /> },
          {
            path: 'forgot-password',
            ...page(
              () => import('../features/auth/pages/ForgotPasswordPage.tsx'),
              (m) => <m.ForgotPasswordPage />,
            ),
          },
          {
            path: 'reset-password',
            ...page(
              () => import('../features/auth/pages/ResetPasswordPage.tsx'),
              (m) => <m.ResetPasswordPage />,
            ),
          },
          {
            path: 'invite/accept',
            ...page(
              () => import('../features/invites/pages/AcceptInvitePage.tsx'),
              (m) => <m.AcceptInvitePage />,
            ),
          },
          {
            path: 'sso/complete',
            ...page(
              () => import('../features/integrations/pages/SsoCompletePage.tsx'),
              (m) => <m.SsoCompletePage />,
            ),
          },
          {
            path: 'register',
            ...page(
              () => import('../features/account/pages/RegisterPage.tsx'),
              (m) => <m.RegisterPage />,
            ),
          },
          {
            path: 'verify-email',
            ...page(
              () => import('../features/account/pages/VerifyEmailPage.tsx'),
              (m) => <m.VerifyEmailPage />,
            ),
          },
        ],
      },
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
                children: [
                  { index: true, element: <Navigate to="/profile" replace /> },
                  {
                    path: 'profile',
                    ...page(
                      () => import('../features/profile/pages/ProfilePage.tsx'),
                      (m) => <m.ProfilePage />,
                    ),
                  },
                  {
                    path: 'admin/organisations',
                    ...page(
                      () => import('../features/organisations/pages/OrganisationsPage.tsx'),
                      (m) => <m.OrganisationsPage />,
                    ),
                  },
                  {
                    path: 'admin/organisations/:id',
                    ...page(
                      () => import('../features/organisations/pages/OrganisationDetailPage.tsx'),
                      (m) => <m.OrganisationDetailPage />,
                    ),
                  },
                  {
                    path: 'admin/organisation',
                    ...page(
                      () => import('../features/organisations/pages/MyOrganisationPage.tsx'),
                      (m) => <m.MyOrganisationPage />,
                    ),
                  },
                  {
                    path: 'admin/invites',
                    ...page(
                      () => import('../features/invites/pages/InvitesPage.tsx'),
                      (m) => <m.InvitesPage />,
                    ),
                  },
                  {
                    path: 'admin/user-groups',
                    ...page(
                      () => import('../features/user-groups/pages/UserGroupsPage.tsx'),
                      (m) => <m.UserGroupsPage />,
                    ),
                  },
                  {
                    path: 'admin/user-groups/:id',
                    ...page(
                      () => import('../features/user-groups/pages/UserGroupPage.tsx'),
                      (m) => <m.UserGroupPage />,
                    ),
                  },
                  {
                    path: 'account',
                    ...page(
                      () => import('../features/account/pages/AccountPage.tsx'),
                      (m) => <m.AccountPage />,
                    ),
                  },
                  {
                    path: 'account/security',
                    ...page(
                      () => import('../features/security/pages/SecurityPage.tsx'),
                      (m) => <m.SecurityPage />,
                    ),
                  },
                  {
                    path: 'admin/users',
                    ...page(
                      () => import('../features/users/pages/UsersPage.tsx'),
                      (m) => <m.UsersPage />,
                    ),
                  },
                  {
                    path: 'admin/users/:id',
                    ...page(
                      () => import('../features/users/pages/UserDetailPage.tsx'),
                      (m) => <m.UserDetailPage />,
                    ),
                  },
                  {
                    path: 'admin/change-requests',
                    ...page(
                      () => import('../features/users/pages/ChangeRequestsPage.tsx'),
                      (m) => <m.ChangeRequestsPage />,
                    ),
                  },
                  {
                    path: 'admin/sso-providers',
                    ...page(
                      () => import('../features/integrations/pages/SsoProvidersPage.tsx'),
                      (m) => <m.SsoProvidersPage />,
                    ),
                  },
                  {
                    path: 'admin/api-keys',
                    ...page(
                      () => import('../features/integrations/pages/ApiKeysPage.tsx'),
                      (m) => <m.ApiKeysPage />,
                    ),
                  },
                ],
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
