import type { Area } from '../../platform/area.ts';
import { drugsPolicy, idapsPolicy } from './drugs.policy.ts';
import { drugRoutes } from './drugs.routes.ts';
import {
  IDAPS_COMPUTE_JOB,
  IDAPS_NIGHTLY_JOB,
  type IdapsComputeJob,
  runIdapsCompute,
  runIdapsNightly,
} from './idaps.service.ts';

/** Drug products and IDAPS (issue 13, decisions 0140–0144). */
export const drugsArea = {
  name: 'drugs',
  routes: drugRoutes,
  policies: { drugs: drugsPolicy, idaps: idapsPolicy },
  conflicts: {
    drug_lists_version: {
      field: 'body/version',
      message: "is already a version of this organisation's product list",
    },
    idaps_snapshots_pending: {
      field: 'body/organisationId',
      message: 'has an IDAPS computation waiting or running already',
    },
  },
  audit: {
    'drug_list.described': {},
    'drug_list.imported': {},
    'idaps_snapshot.requested': {},
    'idaps_snapshot.published': {},
  },
  jobs: ({ db }) => [
    {
      name: IDAPS_COMPUTE_JOB,
      handler: (job: object) => runIdapsCompute(db, job as IdapsComputeJob),
      pollingIntervalSeconds: 2,
    },
    { name: IDAPS_NIGHTLY_JOB, handler: () => runIdapsNightly(db), cron: '41 2 * * *' },
  ],
} satisfies Area;
