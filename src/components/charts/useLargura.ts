import { useEffect, useRef, useState } from 'react';

/**
 * The width of a chart's box, followed as it changes (ResizeObserver): charts draw at their real
 * size, so their text keeps its size on a phone instead of shrinking with a viewBox.
 */
export function useLargura<E extends HTMLElement>(inicial = 600) {
  const ref = useRef<E>(null);
  const [largura, setLargura] = useState(inicial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.clientWidth > 0) setLargura(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      if (w > 0) setLargura(w);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, largura] as const;
}
