export * from './enums';
export * from './organizacao';
export * from './produtos';
export * from './usuarios';
export * from './plataforma';
export * from './arquivos';
export * from './gruposUsuarios';
export * from './importacoes';
