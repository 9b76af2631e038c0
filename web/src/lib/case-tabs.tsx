import { type ComponentType, createContext, type LazyExoticComponent, useContext } from 'react';

/** What a case tab is given: the case's id and reference. */
export interface CaseTabProps {
  reportId: string;
  reference: string;
}

/**
 * A tab another feature adds to the case view (`/cases/{id}?tab=<value>`), declared in its
 * `area.tsx` as `caseTabs`. The app hands them to the case view through this context, so the
 * case view and the feature do not import each other, and the panel stays in the feature's own
 * chunk (loaded when the tab is first opened).
 */
export interface CaseTab {
  /** The `tab` value in the URL. */
  value: string;
  /** Translation key of the tab's label (in the feature's own locale file). */
  labelKey: string;
  Panel: LazyExoticComponent<ComponentType<CaseTabProps>>;
}

const CaseTabsContext = createContext<readonly CaseTab[]>([]);

export const CaseTabsProvider = CaseTabsContext.Provider;

/** The tabs the other features add to the case view, in the order of their areas. */
export function useCaseTabs(): readonly CaseTab[] {
  return useContext(CaseTabsContext);
}
