import type { ModeloEmailComunicado } from '../../../domain/comunicados';
import type { Idioma } from '../../../domain/enums';
import { translate } from '../../../i18n';
import { escapeHtml } from '../../html';

// The e-mail of an announcement, in the layout it chose (`templateName`, domain/comunicados.ts
// MODELOS_EMAIL_COMUNICADO) and written in its recipient's language (a user's `usuarios.idioma`; a
// loose address gets the author's).

export interface ComunicadoEmailFonte {
  titulo: string;
  /** Sanitised HTML as stored; images of the store are linked by a portal path. */
  mensagem: string;
  assinatura: string | null;
  /** The portal's public address, for the reader's link and the images. */
  publicUrl: string;
  id: number;
  /** The chosen layout; null: `padrao`. */
  modelo: string | null;
}

export interface ComunicadoEmail {
  assunto: string;
  texto: string;
  html: string;
}

const EMAIL_TABLE = '<table border="1" cellpadding="6" cellspacing="0" style="border-collapse:collapse">';

const textoDe = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The message (subject, text and HTML) in `idioma`. */
export function comunicadoEmail(fonte: ComunicadoEmailFonte, idioma: Idioma): ComunicadoEmail {
  const link = `${fonte.publicUrl}/comunicados/visualizar/${fonte.id}`;
  const rodape = translate(idioma, 'comunicados.email.rodape', { link });
  // Images of the store, linked by a portal path in the message, by the full address in an e-mail;
  // tables (stored without attributes) ruled the way every mail reader draws, by attributes.
  const corpo = fonte.mensagem
    .replaceAll('src="/api/comunicados/', `src="${fonte.publicUrl}/api/comunicados/`)
    .replaceAll('<table>', EMAIL_TABLE);
  const modelo = (fonte.modelo ?? 'padrao') as ModeloEmailComunicado;
  // `simples` leaves the department's signature out; `destaque` puts the title above as a heading.
  const assinatura = modelo !== 'simples' ? fonte.assinatura : null;
  const partes = [
    modelo === 'destaque' ? { html: `<h1>${escapeHtml(fonte.titulo)}</h1>`, texto: fonte.titulo.toUpperCase() } : null,
    { html: corpo, texto: textoDe(fonte.mensagem) },
    assinatura ? { html: `<p>${escapeHtml(assinatura)}</p>`, texto: assinatura } : null,
    { html: `<p>${escapeHtml(rodape)}</p>`, texto: rodape },
  ].filter((p) => p !== null);
  return {
    assunto:
      modelo === 'destaque'
        ? translate(idioma, 'comunicados.email.assuntoDestaque', { titulo: fonte.titulo })
        : fonte.titulo,
    html: partes.map((p) => p.html).join(''),
    texto: partes.map((p) => p.texto).join('\n\n'),
  };
}

/** One message per language, made once each for a send. */
export function emailsPorIdioma(fonte: ComunicadoEmailFonte) {
  const feitos = new Map<Idioma, ComunicadoEmail>();
  return (idioma: Idioma) => {
    let email = feitos.get(idioma);
    if (!email) {
      email = comunicadoEmail(fonte, idioma);
      feitos.set(idioma, email);
    }
    return email;
  };
}
