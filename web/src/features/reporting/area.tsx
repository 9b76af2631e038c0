import type { WebArea } from '../../app/area.ts';

/** Public reporting (issue 11): the journey's pages are added here as they land. */
export const area: WebArea = {
  name: 'reporting',
  pages: [],
};
