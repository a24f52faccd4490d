// Records as the API answers them, for the brand views' tests.

export const MARCAS = [
  { id: '1', nome: 'Aurora Motors', descricao: 'Marca Aurora Motors', facebookId: 'marca1', active: true },
  { id: '2', nome: 'Boreal Caminhões', descricao: null, facebookId: null, active: true },
  { id: '3', nome: 'Cometa Veículos', descricao: 'Marca Cometa Veículos', facebookId: 'marca3', active: false },
].map((marca) => ({ ...marca, version: 2, atribuivel: true, __typename: 'Marca' }));
