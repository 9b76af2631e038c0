import { Navigate } from 'react-router';
import { page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'auth',
  pages: [
    // Keys: going from one sign-in page to the other starts a fresh form.
    {
      layout: 'public',
      route: {
        path: 'login',
        ...page(
          () => import('./pages/LoginPage.tsx'),
          (m) => <m.LoginPage key="standard" />,
        ),
      },
    },
    {
      layout: 'public',
      route: {
        path: 'login/assessor',
        ...page(
          () => import('./pages/LoginPage.tsx'),
          (m) => <m.LoginPage key="assessor" kind="assessor" />,
        ),
      },
    },
    { layout: 'public', route: { path: 'assessor', element: <Navigate to="/login/assessor" replace /> } },
    {
      layout: 'public',
      route: {
        path: 'forgot-password',
        ...page(
          () => import('./pages/ForgotPasswordPage.tsx'),
          (m) => <m.ForgotPasswordPage />,
        ),
      },
    },
    {
      layout: 'public',
      route: {
        path: 'reset-password',
        ...page(
          () => import('./pages/ResetPasswordPage.tsx'),
          (m) => <m.ResetPasswordPage />,
        ),
      },
    },
  ],
};
