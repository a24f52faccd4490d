import { useLayoutEffect, useRef } from 'react';

/**
 * Focuses `alvo` if the keyboard's focus fell to the page's body (what the browser does when the
 * focused element leaves the page), never taking it from where the user or the page put it.
 */
export function focarSePerdido(alvo: HTMLElement | null | undefined) {
  const ativo = document.activeElement;
  if ((!ativo || ativo === document.body) && alvo?.isConnected) alvo.focus();
}

/**
 * A ref for an element that may leave the page while it holds the keyboard's focus (a button its
 * own action removes, a bar that goes with the selection): the focus then goes to what `destino`
 * answers, instead of falling to the page's body and the keyboard user to its top. `destino` is
 * asked while the element is still in the page (a layout effect's cleanup runs before React
 * removes it; it gets the element, to look around it), the focus moved on the next frame if the
 * page has not put it anywhere meanwhile.
 */
export function useFocoAoSair<T extends HTMLElement>(destino: (saindo: T) => HTMLElement | null | undefined) {
  const ref = useRef<T>(null);
  const alvo = useRef(destino);
  alvo.current = destino;
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (!el?.contains(document.activeElement)) return;
      const para = alvo.current(el);
      requestAnimationFrame(() => focarSePerdido(para));
    };
  }, []);
  return ref;
}
