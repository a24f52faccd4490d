import { useEffect, useRef, useState } from 'react';

/**
 * Whether a box scrolls sideways (its content is wider than it), followed as either resizes: a box
 * that scrolls must then be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable),
 * so the caller gives it `tabIndex={0}`, a role and a name while this says true.
 */
export function useRolaDeLado<E extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<E>(null);
  const [rola, setRola] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const ver = () => setRola(box.scrollWidth > box.clientWidth);
    ver();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(ver);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, rola] as const;
}
