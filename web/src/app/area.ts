import type { Icon } from '@tabler/icons-react';
import type { RoleName } from '@vigilo/contract';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { CaseTab } from '../lib/case-tabs.tsx';
import { fetchChunkTexts } from '../lib/chunk-texts.ts';

/** One entry of the side navigation. */
export interface NavItem {
  /** An app route, or a server path when `external` (opened as a normal page load). */
  path: string;
  /** Translation key of the visible label. */
  labelKey: string;
  icon: Icon;
  /** Roles that see the entry; 'all' for every signed-in user. */
  roles: readonly RoleName[] | 'all';
  /**
   * Roles that may open the page, when more than see the menu entry (staff read their own
   * organisation; an organisation administrator opens their organisation's detail page).
   * Others get the "no access" page (RoleGate).
   */
  pageRoles?: readonly RoleName[];
  /** True for pages served outside the single-page app (for example the API documentation). */
  external?: boolean;
  /**
   * Place in the menu, smallest first: 100s the user's own pages, 200s people, 300s
   * organisations, 400s integrations, 900s links out of the app.
   */
  order: number;
}

/**
 * A route of an area: in the public layout (signed out) or the app's (signed in); `home` is
 * the page a signed-out visitor meets at `/` (one area offers it; its path is not read).
 */
export interface WebPage {
  layout: 'public' | 'app' | 'home';
  route: RouteObject;
}

/**
 * Everything one feature area of the web app contributes, declared in one place
 * (`features/<area>/area.tsx`, found by `app/areas.ts` without a list): its pages and its
 * menu entries. The translations in `features/<area>/locales/` are found the same way.
 */
export interface WebArea {
  name: string;
  pages: WebPage[];
  nav?: NavItem[];
  /** Tabs the area adds to the case view (`/cases/{id}?tab=…`). */
  caseTabs?: CaseTab[];
}

/**
 * A page fetched on first visit, each in its own chunk, so the sign-in page does not carry the
 * administration pages (decision 0039). The router waits for the chunk before it leaves the
 * current page, so there is no blank step; it waits too for the page's texts in the language shown
 * (each language is a chunk of its own, decision 0315).
 */
export function page<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactElement,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      await fetchChunkTexts();
      return { element: render(module) };
    },
  };
}

export const administrators = [
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];
