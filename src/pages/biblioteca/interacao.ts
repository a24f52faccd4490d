import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { BIBLIOTECA_CLIQUE_DUPLO_MS } from '../../../domain/biblioteca';

/**
 * Tells a single click from a double click (spec section 2): the single click's action runs
 * BIBLIOTECA_CLIQUE_DUPLO_MS (235 ms) after it, unless a double click came first, which runs its
 * own action instead (the browser sends click, click, dblclick).
 */
export function useCliques<T>(onSimples: (valor: T) => void, onDuplo: (valor: T) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const acoes = useRef({ onSimples, onDuplo });
  acoes.current = { onSimples, onDuplo };
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    onClick: (valor: T) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => acoes.current.onSimples(valor), BIBLIOTECA_CLIQUE_DUPLO_MS);
    },
    onDoubleClick: (valor: T) => {
      clearTimeout(timer.current);
      acoes.current.onDuplo(valor);
    },
  };
}

/** A click on an item's own control (checkbox, link, button) is that control's, not the item's. */
export const cliqueEmControle = (event: { target: EventTarget }) =>
  event.target instanceof Element && event.target.closest('a, button, input, label') !== null;

/**
 * Keyboard of a grid or a list of items with one tab stop (roving tabindex): arrow keys move (in a
 * grid Up and Down go to the item above or below as laid out), Home and End to the ends, Enter
 * opens, Space selects. The item's own controls (a list row's checkbox) are not tab stops: the
 * keys do what they do.
 */
export function useNavegacaoTeclado(
  n: number,
  { onAbrir, onAlternar, grade }: { onAbrir: (i: number) => void; onAlternar: (i: number) => void; grade: boolean },
) {
  const [ativo, setAtivo] = useState(0);
  // The item the keyboard's focus ring is on (none after a click): its details show as if hovered.
  const [comAnel, setComAnel] = useState<number | null>(null);
  const refs = useRef<(HTMLElement | null)[]>([]);
  const atual = Math.min(ativo, Math.max(0, n - 1));

  const focar = (i: number) => {
    const destino = Math.max(0, Math.min(n - 1, i));
    setAtivo(destino);
    refs.current[destino]?.focus();
  };

  /** The item laid out in the next row (dir 1) or the previous one (-1), nearest horizontally. */
  const naVertical = (i: number, dir: 1 | -1) => {
    const origem = refs.current[i]?.getBoundingClientRect();
    // No layout (e.g. a test's DOM): the next or previous item.
    if (!grade || !origem || origem.height === 0) return i + dir;
    const abaixo = refs.current
      .slice(0, n)
      .map((el, j) => ({ j, r: el?.getBoundingClientRect() }))
      .filter(({ r }) => r && (dir > 0 ? r.top > origem.top + 1 : r.top < origem.top - 1));
    if (abaixo.length === 0) return i;
    const linha = dir > 0 ? Math.min(...abaixo.map(({ r }) => r!.top)) : Math.max(...abaixo.map(({ r }) => r!.top));
    const naLinha = abaixo.filter(({ r }) => Math.abs(r!.top - linha) <= 1);
    naLinha.sort((a, b) => Math.abs(a.r!.left - origem.left) - Math.abs(b.r!.left - origem.left));
    return naLinha[0].j;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Only the item itself: keys on a control inside it (a checkbox, a link) are that control's.
    if (n === 0 || event.target !== refs.current[atual]) return;
    const teclas: Record<string, () => void> = {
      ArrowDown: () => focar(naVertical(atual, 1)),
      ArrowUp: () => focar(naVertical(atual, -1)),
      Home: () => focar(0),
      End: () => focar(n - 1),
      Enter: () => onAbrir(atual),
      ' ': () => onAlternar(atual),
      ...(grade ? { ArrowRight: () => focar(atual + 1), ArrowLeft: () => focar(atual - 1) } : {}),
    };
    const acao = teclas[event.key];
    if (!acao) return;
    event.preventDefault();
    acao();
  };

  return {
    onKeyDown,
    itemProps: (i: number) => ({
      ref: (el: HTMLElement | null) => {
        refs.current[i] = el;
      },
      tabIndex: i === atual ? 0 : -1,
      onFocus: (event: FocusEvent<HTMLElement>) => {
        setAtivo(i);
        if (event.target === event.currentTarget && event.currentTarget.matches(':focus-visible')) setComAnel(i);
      },
      onBlur: () => setComAnel((atual) => (atual === i ? null : atual)),
    }),
    /** Whether item `i` has the keyboard's focus (its tooltips show). */
    comAnel: (i: number) => comAnel === i,
  };
}
