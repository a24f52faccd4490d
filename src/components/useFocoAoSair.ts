import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Focuses `alvo` if the keyboard's focus fell to the page's body (what the browser does when the
 * focused element leaves the page), never taking it from where the user or the page put it.
 */
export function focarSePerdido(alvo: HTMLElement | null | undefined) {
  const ativo = document.activeElement;
  // A removed element may still hold it for a moment (some DOMs move it to the body later).
  const perdido = !ativo || ativo === document.body || !ativo.isConnected;
  if (perdido && alvo?.isConnected) alvo.focus();
}

/** The page's title (its h1), made focusable by script: where the focus goes when its control went. */
export function tituloDaPagina(): HTMLElement | null {
  const titulo = document.querySelector<HTMLElement>('h1');
  if (titulo && !titulo.hasAttribute('tabindex')) titulo.tabIndex = -1;
  return titulo;
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

/**
 * The focus after a confirmed removal of a list's row, whose button (the dialog's opener, where the
 * dialog gives the focus back) goes with the row: once the list, read again, no longer holds the
 * removed id and no dialog is open (`esperando`), `alvo()` gets the focus if it fell to the page's
 * body. Answers the function to call with the removed row's id when the removal succeeded.
 */
export function useFocoAposRemocao(
  ids: readonly string[] | undefined,
  alvo: () => HTMLElement | null | undefined,
  esperando = false,
) {
  const [removido, setRemovido] = useState<string | null>(null);
  const destino = useRef(alvo);
  destino.current = alvo;
  const presente = removido !== null && (ids?.includes(removido) ?? true);
  useEffect(() => {
    if (removido === null || presente || esperando) return;
    setRemovido(null);
    focarSePerdido(destino.current());
  }, [removido, presente, esperando]);
  return setRemovido;
}

/**
 * A page reached by an action says where the keyboard's focus goes with the router state
 * `{ foco: nome }` (an erratum written, then its page opened: 'titulo'; a new draft saved, then
 * shown at its own address: 'salvar'): once `pronto`, `alvo()` takes the focus if it fell to the
 * page's body (the control the action came from went with the page, or was drawn again). Each
 * navigation asks once, whether it opened the page or found it already there; the request is then
 * taken out of the history's entry.
 */
export function useFocoAoChegar(nome: string, pronto: boolean, alvo: () => HTMLElement | null | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const pedido = (location.state as { foco?: string } | null)?.foco === nome;
  const destino = useRef(alvo);
  destino.current = alvo;
  useEffect(() => {
    if (!pronto || !pedido) return;
    focarSePerdido(destino.current());
    // Asked once: a reload, or a return to this entry of the history, does not move the focus again.
    // Only while the browser is still at this entry: a navigation that came first (a link followed
    // the moment the page showed) is not replaced by this page again.
    if (window.location.pathname !== location.pathname || window.location.search !== location.search) return;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
  }, [pronto, pedido, navigate, location.pathname, location.search, location.hash]);
}

/** The page's title takes the focus when the navigation asks `{ foco: 'titulo' }` (useFocoAoChegar). */
export function useFocoNoTituloAoChegar(pronto: boolean) {
  useFocoAoChegar('titulo', pronto, tituloDaPagina);
}
