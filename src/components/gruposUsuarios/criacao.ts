import { createContext, type ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

export interface CriacaoDialogProps {
  onClose: () => void;
  onSaved: (grupo: RaRecord) => void;
}

/**
 * The dialog creating a group that the selector offers. The form holds the selector (its import)
 * and the dialog holds the form, so the selector gets the dialog from here, provided by the
 * folder's entry (index.ts), rather than importing it (an import cycle).
 */
export const GrupoUsuariosCriacao = createContext<ComponentType<CriacaoDialogProps> | null>(null);
