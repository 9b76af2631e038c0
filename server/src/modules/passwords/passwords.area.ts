import type { Area } from '../../platform/area.ts';
import { passwordPolicy } from './passwords.policy.ts';
import { passwordRoutes } from './passwords.routes.ts';
import { resetLinkJobs } from './reset-links.ts';

/** The passwords area: what it adds to the server (see platform/area.ts). */
export const passwordsArea = {
  name: 'passwords',
  routes: passwordRoutes,
  jobs: resetLinkJobs,
  policies: { passwords: passwordPolicy },
  audit: {
    'password.reset_requested': {},
    'password.reset_limited': {},
    'password.reset': {},
    'password.changed': {},
  },
} satisfies Area;
