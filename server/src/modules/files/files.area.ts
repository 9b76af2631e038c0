import type { Area } from '../../platform/area.ts';
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
  },
} satisfies Area;
