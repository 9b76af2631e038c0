import type { Area } from '../../platform/area.ts';
import { storageFor } from '../../platform/storage.ts';
import { ABANDONED_UPLOADS_JOB, removeAbandonedUploads } from './abandoned.service.ts';
import { EXPORT_JOB, type ExportJob, runExport } from './exports.service.ts';
import { exportPolicy, filePolicy, resourcePolicy } from './files.policy.ts';
import { fileRoutes } from './files.routes.ts';

/** The files area: storage, uploads, downloads, resources and exports (see platform/area.ts). */
export const filesArea = {
  name: 'files',
  routes: fileRoutes,
  policies: { files: filePolicy, resources: resourcePolicy, exports: exportPolicy },
  audit: {
    'file.uploaded': {},
    'file.updated': {},
    'file.deleted': {},
    'resource.created': {},
    'resource.deleted': {},
    'export.requested': {},
    'export.regenerated': {},
    'export.completed': {},
  },
  jobs: ({ db, config }) => [
    {
      name: EXPORT_JOB,
      handler: (job: object) => runExport(db, config, job as ExportJob),
      pollingIntervalSeconds: 1,
    },
    {
      name: ABANDONED_UPLOADS_JOB,
      cron: '23 * * * *',
      handler: async () => {
        await removeAbandonedUploads(db, storageFor(config), config);
      },
    },
  ],
} satisfies Area;
