import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AlertStack } from '../components/ui/AlertStack.tsx';
import type { AlertStore } from '../lib/alerts.ts';
import { type ApiClient, ApiProvider } from '../lib/api-context.tsx';
import { clientAlertMessage } from '../lib/api-errors.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { CaseTabsProvider } from '../lib/case-tabs.tsx';
import { areas } from './areas.ts';
import { colorSchemeManager, cssVariablesResolver, localisedTheme } from './theme.ts';

export interface AppProvidersProps {
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
  /** Where the client's alerts are shown; omitted in tests. */
  alerts?: AlertStore;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Mantine with the theme's labels in the reader's language. */
function ThemeProvider({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo(() => localisedTheme(t), [t]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

/** The tabs the feature areas add to the case view. */
const caseTabs = areas.flatMap((area) => area.caseTabs ?? []);

function Alerts({ store }: { store: AlertStore }) {
  const { t } = useTranslation();
  return (
    <AlertStack store={store} closeLabel={t('common.dismiss')} format={(m) => clientAlertMessage(m, t)} />
  );
}

/**
 * Every context the app runs in, in dependency order: translations, theme, server-data cache,
 * the API client, then the session built on it. Instances come from outside so tests can
 * pass their own (a fake API client, a fresh cache).
 */
export function AppProviders({
  api,
  queryClient,
  i18n,
  alerts,
  env = 'default',
  children,
}: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider env={env}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={api}>
            <AuthProvider>
              <CaseTabsProvider value={caseTabs}>
                {children}
                {alerts ? <Alerts store={alerts} /> : null}
              </CaseTabsProvider>
            </AuthProvider>
          </ApiProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
