// Report definitions as the API answers them (`relatorios { id version slug tituloPtBr ... }`), for
// the definitions' views tests.

export const RELATORIOS = [
  {
    id: '1',
    version: 1,
    slug: 'alcance',
    tituloPtBr: 'Leitura da rede',
    tituloEs: 'Alcance de los comunicados',
    tituloEn: 'Announcement reach',
    tipo: 'INTERNO',
    url: null,
    tokenAssinado: false,
    interno: 'ALCANCE_COMUNICADOS',
    funcionalidades: [],
    tiposUsuario: [],
    posicao: 1,
    __typename: 'Relatorio',
  },
  {
    id: '2',
    version: 3,
    slug: 'bi-gestores',
    tituloPtBr: 'Painel de gestores',
    tituloEs: 'Panel de gestores',
    tituloEn: 'Managers dashboard',
    tipo: 'EMBUTIDO',
    url: 'https://bi.example/painel',
    tokenAssinado: true,
    interno: null,
    funcionalidades: ['RELATORIOS_PORTAL_CONSULTA_PECAS'],
    tiposUsuario: ['MONTADORA'],
    posicao: 2,
    __typename: 'Relatorio',
  },
];
