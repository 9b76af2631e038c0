import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App.tsx';
import { applyInitialColorScheme } from './app/theme.ts';
import { createAlertStore } from './lib/alerts.ts';
import { createAppApiClient } from './lib/api.ts';
import { createI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

applyInitialColorScheme();

const i18n = createI18n();
const alerts = createAlertStore();
const api = createAppApiClient(alerts.push);
const queryClient = createQueryClient();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App router={router} api={api} queryClient={queryClient} i18n={i18n} alerts={alerts} />
  </StrictMode>,
);
