import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { AlertStore } from '../lib/alerts.ts';
import type { ApiClient } from '../lib/api-context.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

interface AppProps {
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
  alerts: AlertStore;
}

/** The whole app: providers around the browser router. */
export function App(props: AppProps) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders {...props}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
