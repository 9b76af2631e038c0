import type { Area } from '../../platform/area.ts';
import { meddraPolicy } from './meddra.policy.ts';
import { meddraRoutes } from './meddra.routes.ts';
import { MEDDRA_IMPORT_JOB, type MeddraImportJob, runMeddraImport } from './meddra.service.ts';

/** MedDRA (issue 13): releases imported side by side, search, look-up and browsing (decision 0111). */
export const meddraArea = {
  name: 'meddra',
  routes: meddraRoutes,
  policies: { meddra: meddraPolicy },
  conflicts: {
    meddra_versions_release: {
      field: 'body/meddra_release.asc',
      message: 'names a release already imported',
    },
  },
  audit: {
    'meddra_version.uploaded': {},
    'meddra_version.imported': {},
  },
  jobs: ({ db }) => [
    {
      name: MEDDRA_IMPORT_JOB,
      handler: (job: object) => runMeddraImport(db, job as MeddraImportJob),
      pollingIntervalSeconds: 1,
    },
  ],
} satisfies Area;
