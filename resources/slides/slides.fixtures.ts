// Records as the API answers them (slides, anuncios), for the slide and advert views' tests.

const imagem = (id: string, largura: number, altura: number) => ({
  id,
  nome: `imagem-${id}.png`,
  largura,
  altura,
  link: `/api/vitrine/imagens/00000000-0000-4000-8000-00000000000${id}`,
  linkMobile: null,
  __typename: 'VitrineImagem',
});

const comum = (id: string, titulo: string, extra: Record<string, unknown>) => ({
  id,
  version: 3,
  titulo,
  link: '/comunicados',
  linkTarget: '_self',
  inicioDate: '2026-11-01T12:00:00.000Z',
  fimDate: '2026-12-31T12:00:00.000Z',
  active: true,
  emExibicao: true,
  createdDateTime: '2026-10-30T09:00:00.000Z',
  grupos: [{ id: '7', nome: 'Rede Aurora Motors', __typename: 'VitrineGrupo' }],
  autor: { id: '2', nome: 'Marina Montadora', __typename: 'UsuarioContato' },
  ...extra,
});

export const SLIDES = [
  comum('1', 'Feirão de novembro', { arquivo: imagem('1', 1140, 400), ordem: 1 }),
  comum('2', 'Campanha de revisão', {
    arquivo: imagem('2', 800, 600),
    ordem: 2,
    inicioDate: '2027-01-01T12:00:00.000Z',
    fimDate: '2027-02-01T12:00:00.000Z',
    emExibicao: false,
  }),
  comum('3', 'Treinamento encerrado', { arquivo: imagem('3', 1140, 400), ordem: 3, active: false, emExibicao: false }),
].map((slide) => ({
  corTitulo: '#FFFFFF',
  tamanhoTitulo: 40,
  subtitulo: 'Condições especiais para a rede',
  corSubtitulo: '#FFEE00',
  tamanhoSubtitulo: 20,
  tituloBotao: 'Saiba mais',
  ...slide,
  __typename: 'Slide',
}));

export const ANUNCIOS = [
  comum('11', 'Peças originais', { arquivo: imagem('4', 244, 360) }),
  comum('12', 'Seguro da rede', { arquivo: imagem('5', 1000, 1000), active: false, emExibicao: false }),
].map((anuncio) => ({ ...anuncio, __typename: 'Anuncio' }));
