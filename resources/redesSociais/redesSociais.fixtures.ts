// Records as the API answers them (`redesSociais { id version nome url icone marcaId marca { id nome } }`),
// for the social network views' tests.

/** The API's `RedeSocial` as the lists select it; `icone` is `pack|name`. */
export type RedeSocial = {
  id: string;
  version: number | null;
  nome: string;
  url: string;
  icone: string;
  marcaId: string;
  marca: { id: string; nome: string; __typename: 'Marca' };
  __typename: 'RedeSocial';
};

const MARCAS = [
  { id: '1', nome: 'Aurora Motors', __typename: 'Marca' },
  { id: '2', nome: 'Boreal Caminhões', __typename: 'Marca' },
] as const;

const marca = (id: string) => ({ ...MARCAS.find((m) => m.id === id)! });

export const REDES_SOCIAIS: RedeSocial[] = [
  { id: '1', nome: 'Facebook', url: 'https://facebook.com/aurora', icone: 'fab|facebook', marcaId: '1' },
  { id: '2', nome: 'Instagram', url: 'https://instagram.com/boreal', icone: 'fab|instagram', marcaId: '2' },
].map((rede) => ({ ...rede, version: 1, marca: marca(rede.marcaId), __typename: 'RedeSocial' }));
