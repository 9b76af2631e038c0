import type { Area } from '../../platform/area.ts';
import { causalityPolicy } from './causality.policy.ts';
import { causalityRoutes } from './causality.routes.ts';

/** Causality per drug × reaction (issue 24 §3, decision 0270): WHO-UMC and Naranjo assessments. */
export const causalityArea = {
  name: 'causality',
  routes: causalityRoutes,
  policies: { causality: causalityPolicy },
  audit: {
    /** A G.k.9.i.2.r entry recorded: a new version of the case; the assessment in `details`. */
    'report.causality_recorded': {},
    /** Its entry taken out of the case (a new version when it was still there). */
    'report.causality_withdrawn': { reason: 'required' },
  },
} satisfies Area;
