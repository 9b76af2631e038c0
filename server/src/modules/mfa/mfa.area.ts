import type { Area } from '../../platform/area.ts';
import { mfaPolicy } from './mfa.policy.ts';
import { mfaRoutes } from './mfa.routes.ts';

/** The mfa area: what it adds to the server (see platform/area.ts). */
export const mfaArea = {
  name: 'mfa',
  routes: mfaRoutes,
  policies: { mfa: mfaPolicy },
  sealed: [{ table: 'mfa_factors', column: 'secret_box', purpose: 'totp' }],
  audit: {
    'mfa.code_sent': {},
    'mfa.verified': {},
    'mfa.setup_started': {},
    'mfa.enabled': {},
    'mfa.disabled': {},
    'mfa.failed': {},
    'mfa.recovery_codes_created': {},
  },
} satisfies Area;
