import { createElement, type ComponentType } from 'react';
import { GrupoUsuariosCriacao } from './criacao';
import { GrupoUsuariosForm as Form } from './GrupoUsuariosForm';
import { GrupoUsuariosFormDialog } from './GrupoUsuariosFormDialog';
import { GrupoUsuariosSelector as Selector, type GrupoUsuariosSelectorProps } from './GrupoUsuariosSelector';

/** Gives the selectors inside `Component` (the form's import included) the dialog creating a group. */
function comCriacao<P extends object>(Component: ComponentType<P>) {
  return function ComCriacao(props: P) {
    return createElement(
      GrupoUsuariosCriacao.Provider,
      { value: GrupoUsuariosFormDialog },
      createElement(Component, props),
    );
  };
}

export const GrupoUsuariosSelector = comCriacao<GrupoUsuariosSelectorProps>(Selector);
export const GrupoUsuariosForm = comCriacao(Form);
export { GrupoUsuariosFormDialog };
export { FormLoading } from './GrupoUsuariosForm';
export type { GrupoUsuariosRef, GrupoUsuariosSelectorProps } from './GrupoUsuariosSelector';
export { autocompleteTexts } from './campos';
export { formValuesOf, type GrupoUsuariosRecord, type GrupoUsuariosValues } from './regras';
