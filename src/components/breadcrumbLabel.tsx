import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** A crumb a page puts between the route's parent and its own label (e.g. a folder above the open one). */
export interface Crumb {
  label: string;
  to: string;
}

/** What a page says of its own breadcrumb: its label, and crumbs of its own before it. */
export interface BreadcrumbOverride {
  label: string | undefined;
  before: readonly Crumb[];
}

type SetOverride = (override: BreadcrumbOverride | undefined) => void;

const LabelContext = createContext<BreadcrumbOverride | undefined>(undefined);
const SetLabelContext = createContext<SetOverride | undefined>(undefined);

/** Holds the label a page gives its own breadcrumb (e.g. the library folder's name). */
export function BreadcrumbLabelProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<BreadcrumbOverride | undefined>(undefined);
  return (
    <SetLabelContext.Provider value={setOverride}>
      <LabelContext.Provider value={override}>{children}</LabelContext.Provider>
    </SetLabelContext.Provider>
  );
}

const NONE: readonly Crumb[] = [];

/**
 * Replaces the last breadcrumb's label (the route's title) while the calling page is mounted, e.g.
 * `useBreadcrumbLabel(pasta?.nome)` on /biblioteca/{idPasta}. `undefined` keeps the route's title.
 * `before` adds crumbs ahead of it (a folder's ancestors); keep the array stable between renders.
 */
export function useBreadcrumbLabel(label: string | undefined, before: readonly Crumb[] = NONE): void {
  const setOverride = useContext(SetLabelContext);
  useEffect(() => {
    if (!setOverride) return;
    setOverride({ label, before });
    return () => setOverride(undefined);
  }, [setOverride, label, before]);
}

/** What the current page set, if anything. */
export function useBreadcrumbLabelOverride(): BreadcrumbOverride | undefined {
  return useContext(LabelContext);
}
