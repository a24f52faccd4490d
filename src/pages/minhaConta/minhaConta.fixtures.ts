import type { MinhaConta } from './minhaConta';

// The states of /minha-conta (Loaded, Empty), shared by its tests and the routing tests.

export const MINHA_CONTA_USUARIO: MinhaConta = {
  id: '42',
  nome: 'Ana Maria Souza',
  email: 'ana@portal.test',
  avatarLink: null,
  tipo: { id: 'DEALER_GRUPO' },
  idioma: { id: 'PT_BR' },
  marcas: [
    { id: '1', nome: 'Aurora' },
    { id: '2', nome: 'Boreal' },
  ],
  produtos: [{ id: 'p1', nome: 'Portal Rede' }],
  dealers: [
    { id: 'd1', nomeExibicao: 'Aurora Centro', grupo: { id: 'g1', nome: 'Grupo Sul' } },
    { id: 'd2', nomeExibicao: 'Aurora Norte', grupo: null },
  ],
};

export const MINHA_CONTA_EMPTY: MinhaConta = {
  ...MINHA_CONTA_USUARIO,
  id: '43',
  nome: 'Caio',
  email: 'caio@portal.test',
  avatarLink: 'https://cdn.portal.test/avatars/caio.png',
  tipo: { id: 'TECSINAPSE' },
  idioma: { id: 'EN' },
  marcas: [],
  produtos: [],
  dealers: [],
};
