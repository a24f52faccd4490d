export { GrupoUsuariosSelector, type GrupoUsuariosRef, type GrupoUsuariosSelectorProps } from './GrupoUsuariosSelector';
export { GrupoUsuariosForm } from './GrupoUsuariosForm';
export { GrupoUsuariosFormDialog } from './GrupoUsuariosFormDialog';
export { formValuesOf, type GrupoUsuariosRecord, type GrupoUsuariosValues } from './regras';
