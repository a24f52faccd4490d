import { expect } from 'vitest';

// What the API tests of slides and adverts (issue #30) send: a 1x1 PNG, periods around now, and a
// slide's every field.

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const DAY = 86_400_000;
/** The instant `days` days from now (ISO 8601). */
export const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
/** A display period that holds now. */
export const DURING = { inicioDate: at(-1), fimDate: at(1) };

/** Uploads the PNG as the showcase's image of `token`'s user; answers the file's id. */
export async function imagemVitrine(portal: { url: string }, token: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(PNG)]), 'banner.png');
  const res = await fetch(`${portal.url}/api/vitrine/imagens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A slide's input on display now, linking inside the portal; `extra` replaces any field. */
export const camposSlide = (
  titulo: string,
  arquivoId: string,
  grupoIds: number[],
  extra: Record<string, unknown> = {},
) => ({
  titulo,
  corTitulo: '#FFFFFF',
  tamanhoTitulo: 40,
  subtitulo: 'Sub',
  corSubtitulo: '#EEEEEE',
  tamanhoSubtitulo: 20,
  tituloBotao: 'Ver',
  link: '/comunicados',
  linkTarget: '_self',
  ...DURING,
  arquivoId,
  grupoIds,
  ...extra,
});
