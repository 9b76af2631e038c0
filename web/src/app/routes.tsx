import { Navigate, type RouteObject } from 'react-router';
import { AccountPage } from '../features/account/pages/AccountPage.tsx';
import { RegisterPage } from '../features/account/pages/RegisterPage.tsx';
import { VerifyEmailPage } from '../features/account/pages/VerifyEmailPage.tsx';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage.tsx';
import { ApiKeysPage } from '../features/integrations/pages/ApiKeysPage.tsx';
import { SsoCompletePage } from '../features/integrations/pages/SsoCompletePage.tsx';
import { SsoProvidersPage } from '../features/integrations/pages/SsoProvidersPage.tsx';
import { AcceptInvitePage } from '../features/invites/pages/AcceptInvitePage.tsx';
import { InvitesPage } from '../features/invites/pages/InvitesPage.tsx';
import { MyOrganisationPage } from '../features/organisations/pages/MyOrganisationPage.tsx';
import { OrganisationDetailPage } from '../features/organisations/pages/OrganisationDetailPage.tsx';
import { OrganisationsPage } from '../features/organisations/pages/OrganisationsPage.tsx';
import { ProfilePage } from '../features/profile/pages/ProfilePage.tsx';
import { SecurityPage } from '../features/security/pages/SecurityPage.tsx';
import { UserGroupPage } from '../features/user-groups/pages/UserGroupPage.tsx';
import { UserGroupsPage } from '../features/user-groups/pages/UserGroupsPage.tsx';
import { ChangeRequestsPage } from '../features/users/pages/ChangeRequestsPage.tsx';
import { UserDetailPage } from '../features/users/pages/UserDetailPage.tsx';
import { UsersPage } from '../features/users/pages/UsersPage.tsx';
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
      {
        element: <PublicLayout />,
        children: [
          // Keys: going from one sign-in page to the other starts a fresh form.
          { path: 'login', element: <LoginPage key="standard" /> },
          { path: 'login/assessor', element: <LoginPage key="assessor" kind="assessor" /> },
          { path: 'assessor', element: <Navigate to="/login/assessor" replace /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'invite/accept', element: <AcceptInvitePage /> },
          { path: 'sso/complete', element: <SsoCompletePage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
        ],
      },
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
                  { path: 'admin/organisations', element: <OrganisationsPage /> },
                  { path: 'admin/organisations/:id', element: <OrganisationDetailPage /> },
                  { path: 'admin/organisation', element: <MyOrganisationPage /> },
                  { path: 'admin/invites', element: <InvitesPage /> },
                  { path: 'admin/user-groups', element: <UserGroupsPage /> },
                  { path: 'admin/user-groups/:id', element: <UserGroupPage /> },
                  { path: 'account', element: <AccountPage /> },
                  { path: 'account/security', element: <SecurityPage /> },
                  { path: 'admin/users', element: <UsersPage /> },
                  { path: 'admin/users/:id', element: <UserDetailPage /> },
                  { path: 'admin/change-requests', element: <ChangeRequestsPage /> },
                  { path: 'admin/sso-providers', element: <SsoProvidersPage /> },
                  { path: 'admin/api-keys', element: <ApiKeysPage /> },
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
