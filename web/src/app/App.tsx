import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { createBrowserRouter } from 'react-router';
// From react-router/dom: only this one can commit a navigation with flushSync (use-url-filters.ts).
import { RouterProvider } from 'react-router/dom';
import type { AlertStore } from '../lib/alerts.ts';
import type { ApiClient } from '../lib/api-context.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

interface AppProps {
  /** Made once, outside React (main.tsx): see createAppRouter. */
  router: ReturnType<typeof createBrowserRouter>;
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
  alerts: AlertStore;
}

/**
 * The browser router, made once per page load. Not inside a component: StrictMode runs
 * state initialisers twice in development, and the discarded second router would stay
 * subscribed to the browser's history.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** The whole app: providers around the browser router. */
export function App({ router, ...props }: AppProps) {
  return (
    <AppProviders {...props}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
