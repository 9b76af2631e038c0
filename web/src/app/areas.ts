import type { WebArea } from './area.ts';

/**
 * Every feature area of the web app: each `features/<area>/area.tsx`, found by the build
 * (no list to keep in step). Routes and the menu are assembled from these; the page modules
 * themselves stay in chunks of their own. `areas.test.ts` fails when a feature has no area
 * file or a page is not routed.
 */
const found = import.meta.glob<WebArea>('../features/*/area.tsx', { eager: true, import: 'area' });

export const areas: readonly WebArea[] = Object.values(found).sort((a, b) => a.name.localeCompare(b.name));
