import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focarSePerdido, tituloDaPagina } from '../components/useFocoAoSair';

/** How long after a navigation the new page's title may still arrive (a page waiting on its data). */
const ESPERA_MS = 3000;

/**
 * After a navigation inside the portal, the keyboard's focus goes to the new page's title (its h1)
 * when it fell to the page's body (the link or button that led there went with the old page): a
 * keyboard or screen-reader user starts at the page they opened, not back at the top bar. Never on
 * the first page (the browser starts at the top, the skip link first), nor where a page or a dialog
 * put the focus itself, nor once the user pressed a key or the pointer meanwhile.
 */
export function FocoAoNavegar() {
  const { pathname } = useLocation();
  const primeira = useRef(true);
  useEffect(() => {
    if (primeira.current) {
      primeira.current = false;
      return;
    }
    const conteudo = document.getElementById('main-content');
    if (!conteudo) return;
    // Checked a moment after the page changes: the page's own effects first put the focus where
    // they mean to (Save again after a save, a field, a dialog).
    let espera = 0;
    const conferir = () => focarSePerdido(tituloDaPagina());
    const tentar = () => {
      window.clearTimeout(espera);
      espera = window.setTimeout(conferir, 100);
    };
    const observador = new MutationObserver(tentar);
    const parar = () => {
      observador.disconnect();
      window.clearTimeout(espera);
      window.clearTimeout(prazo);
      window.removeEventListener('keydown', parar, true);
      window.removeEventListener('pointerdown', parar, true);
    };
    observador.observe(conteudo, { childList: true, subtree: true });
    const prazo = window.setTimeout(parar, ESPERA_MS);
    window.addEventListener('keydown', parar, true);
    window.addEventListener('pointerdown', parar, true);
    tentar();
    return parar;
  }, [pathname]);
  return null;
}
