import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type SetLabel = (label: string | undefined) => void;

const LabelContext = createContext<string | undefined>(undefined);
const SetLabelContext = createContext<SetLabel | undefined>(undefined);

/** Holds the label a page gives its own breadcrumb (e.g. the library folder's name). */
export function BreadcrumbLabelProvider({ children }: { children: ReactNode }) {
  const [label, setLabel] = useState<string | undefined>(undefined);
  return (
    <SetLabelContext.Provider value={setLabel}>
      <LabelContext.Provider value={label}>{children}</LabelContext.Provider>
    </SetLabelContext.Provider>
  );
}

/**
 * Replaces the last breadcrumb's label (the route's title) while the calling page is mounted, e.g.
 * `useBreadcrumbLabel(pasta?.nome)` on /biblioteca/{idPasta}. `undefined` keeps the route's title.
 */
export function useBreadcrumbLabel(label: string | undefined): void {
  const setLabel = useContext(SetLabelContext);
  useEffect(() => {
    if (!setLabel) return;
    setLabel(label);
    return () => setLabel(undefined);
  }, [setLabel, label]);
}

/** The label set by the current page, if any. */
export function useBreadcrumbLabelOverride(): string | undefined {
  return useContext(LabelContext);
}
